/** The ledger: append-only transfers, idempotent keys, conditional debits, the audit, the records page. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  DRIVERS,
  type ErrorJson,
  loginToken,
  register,
  type TestApp,
  uniqueAccount,
} from '../../../test/harness.ts';
import {
  balanceOf,
  expectLedgerOk,
  fund,
  type MoneyUser,
  operatorToken,
  quickUser,
  transferCount,
} from '../../../test/money.ts';
import { auditLedger } from './ledger-audit.ts';

describe.each(DRIVERS)('ledger on %s', (driver) => {
  let t: TestApp;
  let operator: string;
  let user: MoneyUser;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    operator = await operatorToken(t);
    user = await quickUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const transfer = (key: string, amount: number, direction: 'in' | 'out') =>
    t.database.kysely.transaction().execute((trx) =>
      t.services.ledger.transfer(trx, {
        from: direction === 'in' ? { system: 'house' } : { userId: user.id },
        to: direction === 'in' ? { userId: user.id } : { system: 'house' },
        amount,
        code: 'adjustment',
        reference: { type: 'adjustment', id: key },
        at: t.clock.now(),
      }),
    );

  it('gives every registered user a cash account at zero, in the same transaction as the user', async () => {
    const registered = await register(t, uniqueAccount('cash'));
    expect(await balanceOf(t, registered.id)).toBe(0);
    const accounts = await t.database.kysely
      .selectFrom('ledger_accounts')
      .select(['kind', 'user_id'])
      .where('kind', '<>', 'user_cash')
      .orderBy('kind')
      .execute();
    expect(accounts.map((row) => row.kind)).toEqual([
      'deposits_clearing',
      'external',
      'house',
      'stakes_escrow',
      'withdrawals_clearing',
    ]);
    const token = await loginToken(t, registered.username, 'secret123');
    const me = await call(t, 'GET', '/me', { token });
    expect(me.body).toMatchObject({ balance: 0, withdrawable: 0, unprocessedCount: 0, currency: 'USD' });
  });

  it('moves money once per idempotency key, whatever the number of repeats', async () => {
    const before = await balanceOf(t, user.id);
    const first = await transfer(`adj-${uniqueAccount()}`, 500, 'in');
    expect(first.replayed).toBe(false);
    const key = `adj-${uniqueAccount()}`;
    await transfer(key, 700, 'in');
    const again = await transfer(key, 700, 'in');
    expect(again.replayed).toBe(true);
    expect(await balanceOf(t, user.id)).toBe(before + 1200);
    await expectLedgerOk(t);
  });

  it('refuses a debit the balance does not cover, and writes nothing', async () => {
    const balance = await balanceOf(t, user.id);
    const transfers = await transferCount(t);
    await expect(transfer(`adj-${uniqueAccount()}`, balance + 1, 'out')).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await balanceOf(t, user.id)).toBe(balance);
    expect(await transferCount(t)).toBe(transfers);
    await transfer(`adj-${uniqueAccount()}`, balance, 'out');
    expect(await balanceOf(t, user.id)).toBe(0);
    await expectLedgerOk(t);
  });

  it('refuses to UPDATE, DELETE or TRUNCATE a transfer (the trigger), and a negative user balance (the CHECK)', async () => {
    await transfer(`adj-${uniqueAccount()}`, 100, 'in');
    const db = t.database.kysely;
    await expect(sql`update ledger_transfers set amount = amount + 1`.execute(db)).rejects.toThrow(
      /append-only: UPDATE refused/,
    );
    await expect(sql`delete from ledger_transfers`.execute(db)).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    await expect(sql`truncate ledger_transfers`.execute(db)).rejects.toThrow(/append-only: TRUNCATE refused/);
    await expect(
      sql`update ledger_accounts set balance = -1 where user_id = ${user.id}`.execute(db),
    ).rejects.toThrow(/check constraint/);
    await expect(
      sql`insert into ledger_transfers (debit_account_id, credit_account_id, amount, code, ref_type, ref_id, idempotency_key)
        select id, id, 5, 'adjustment', 't', 't', ${uniqueAccount()} from ledger_accounts limit 1`.execute(
        db,
      ),
    ).rejects.toThrow(/check constraint/);
    await expectLedgerOk(t);
  });

  it('the audit notices a balance changed behind the ledger', async () => {
    const db = t.database.kysely;
    await sql`update ledger_accounts set balance = balance + 1 where user_id = ${user.id}`.execute(db);
    const audit = await auditLedger(db, t.clock.now());
    expect(audit.ok).toBe(false);
    expect(audit.totalOfBalances).toBe(1);
    expect(audit.mismatches).toEqual([
      {
        accountId: expect.any(String),
        kind: 'user_cash',
        materialised: await balanceOf(t, user.id),
        fromTransfers: (await balanceOf(t, user.id)) - 1,
      },
    ]);
    await sql`update ledger_accounts set balance = balance - 1 where user_id = ${user.id}`.execute(db);
    await expectLedgerOk(t);
  });

  it('serves the audit to operators only', async () => {
    expect((await call<ErrorJson>(t, 'GET', '/admin/ledger/audit')).status).toBe(401);
    expect((await call<ErrorJson>(t, 'GET', '/admin/ledger/audit', { token: user.token })).status).toBe(403);
    const audit = await call(t, 'GET', '/admin/ledger/audit', { token: operator });
    expect(audit.status).toBe(200);
    expect(audit.body).toMatchObject({
      ok: true,
      totalOfBalances: 0,
      mismatches: [],
      negativeUserBalances: 0,
    });
    expect(audit.body.transfersChecked).toBeGreaterThan(0);
  });

  it('lists the transfers touching my balance, newest first, signed, page by page', async () => {
    const someone = await quickUser(t);
    await fund(t, operator, someone, 5000);
    t.clock.advanceSeconds(1);
    await fund(t, operator, someone, 7000);
    t.clock.advanceSeconds(1);
    await t.database.kysely.transaction().execute((trx) =>
      t.services.ledger.transfer(trx, {
        from: { userId: someone.id },
        to: { system: 'house' },
        amount: 300,
        code: 'adjustment',
        reference: { type: 'adjustment', id: `adj-${uniqueAccount()}` },
        at: t.clock.now(),
      }),
    );
    const first = await call<{ items: Array<{ code: string; amount: number }>; nextCursor: string | null }>(
      t,
      'GET',
      '/transactions?limit=2',
      { token: someone.token },
    );
    expect(first.status).toBe(200);
    expect(first.body.items.map((item) => [item.code, item.amount])).toEqual([
      ['adjustment', -300],
      ['deposit', 7000],
    ]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call<{ items: Array<{ code: string; amount: number }>; nextCursor: string | null }>(
      t,
      'GET',
      `/transactions?limit=2&cursor=${first.body.nextCursor}`,
      { token: someone.token },
    );
    expect(second.body.items.map((item) => [item.code, item.amount])).toEqual([['deposit', 5000]]);
    expect(second.body.nextCursor).toBeNull();
    // Nobody else's transfers appear, and a forged cursor is a 400, not a crash.
    const other = await call<{ items: unknown[] }>(t, 'GET', '/transactions', { token: user.token });
    expect(other.body.items.every((item) => JSON.stringify(item).includes(someone.id) === false)).toBe(true);
    const forged = await call<ErrorJson>(t, 'GET', '/transactions?cursor=bm9wZQ', { token: someone.token });
    expect(forged.status).toBe(400);
    expect(forged.body.error.details?.[0]?.path).toBe('cursor');
    await expectLedgerOk(t);
  });
});
