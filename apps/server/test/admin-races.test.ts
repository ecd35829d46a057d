/**
 * Double clicks and two operators at once, through the whole HTTP stack with every request in flight
 * together (on real PostgreSQL in CI, with a pool of connections; on PGlite too):
 *   - many approvals (and some rejections) of one deposit: one decision, one credit, one audit entry;
 *   - many "pay" and "reject" of one withdrawal: one outcome, exactly one transfer out of the hold;
 *   - many submissions of one balance adjustment key: one transfer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf } from './admin-support.ts';
import { API, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import {
  balanceOf,
  bindCard,
  expectLedgerOk,
  fund,
  type MoneyUser,
  newKey,
  offlineDeposit,
  operatorToken,
  PAYMENT_PASSWORD,
  quickUser,
} from './money.ts';

const CLICKS = 40;

describe.each(DRIVERS)('operator races on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let user: MoneyUser;
  beforeAll(async () => {
    t = await createTestApp({ driver, env: { TURNOVER_MULTIPLIER: '0', WITHDRAWALS_PER_DAY: '100' } });
    // Money decisions take an operator with two-factor on: the demo admin, enrolled.
    admin = await operatorToken(t);
    user = await quickUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `${API}${url}`,
      headers: { authorization: `Bearer ${admin}` },
      ...(payload ? { payload } : {}),
    });

  const transfersFor = async (refId: string) =>
    t.database.kysely
      .selectFrom('ledger_transfers')
      .select(['code', 'amount'])
      .where('ref_id', '=', refId)
      .execute();

  it(`${CLICKS} simultaneous approvals and rejections of one deposit: one decision, one credit`, async () => {
    const deposit = await offlineDeposit(t, user, 7777);
    const balance = await balanceOf(t, user.id);
    const responses = await Promise.all(
      Array.from({ length: CLICKS }, (_, i) =>
        i % 4 === 3
          ? post(`/admin/deposits/${deposit.body.id}/reject`, { reason: 'race' })
          : post(`/admin/deposits/${deposit.body.id}/approve`),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    const row = await t.database.kysely
      .selectFrom('deposits')
      .select('status')
      .where('id', '=', deposit.body.id)
      .executeTakeFirstOrThrow();
    const credits = (await transfersFor(deposit.body.id)).filter((transfer) => transfer.code === 'deposit');
    console.log(
      `deposit race (${driver}): ${CLICKS} clicks -> ${row.status}; ` +
        `${statuses.filter((s) => s === 200).length} ok, ${statuses.filter((s) => s === 409).length} NOT_PENDING`,
    );
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    // Every answer that succeeded reports the one decision that was made.
    for (const response of responses.filter((r) => r.statusCode === 200)) {
      expect((JSON.parse(response.body) as { status: string }).status).toBe(row.status);
    }
    expect(credits).toHaveLength(row.status === 'approved' ? 1 : 0);
    expect(await balanceOf(t, user.id)).toBe(balance + (row.status === 'approved' ? 7777 : 0));
    expect(await auditOf(t, admin, 'deposit', deposit.body.id)).toHaveLength(1);
    await expectLedgerOk(t);
  });

  it(`${CLICKS} simultaneous "pay" and "reject" of one withdrawal: one outcome, one transfer out of the hold`, async () => {
    await fund(t, admin, user, 500_00);
    const card = await bindCard(t, user);
    const request = await t.app.inject({
      method: 'POST',
      url: `${API}/withdrawals`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: {
        amount: 123_00,
        destinationType: 'bank_card',
        destinationId: card,
        paymentPassword: PAYMENT_PASSWORD,
        idempotencyKey: newKey(),
      },
    });
    expect(request.statusCode).toBe(201);
    const id = (JSON.parse(request.body) as { id: string }).id;
    const held = await balanceOf(t, user.id);
    const responses = await Promise.all(
      Array.from({ length: CLICKS }, (_, i) =>
        i % 2 === 0
          ? post(`/admin/withdrawals/${id}/pay`, { paymentReference: `REF-${i}` })
          : post(`/admin/withdrawals/${id}/reject`, { reason: `reason ${i}` }),
      ),
    );
    const row = await t.database.kysely
      .selectFrom('withdrawals')
      .select(['status', 'payment_reference'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const out = (await transfersFor(id)).filter((transfer) => transfer.code !== 'withdrawal_hold');
    console.log(`withdrawal race (${driver}): ${CLICKS} clicks -> ${row.status}`);
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(out).toHaveLength(1);
    expect(out[0]?.code).toBe(row.status === 'paid' ? 'withdrawal_paid' : 'withdrawal_refund');
    expect(await balanceOf(t, user.id)).toBe(held + (row.status === 'rejected' ? 123_00 : 0));
    expect(await auditOf(t, admin, 'withdrawal', id)).toHaveLength(1);
    await expectLedgerOk(t);
  });

  it(`${CLICKS} simultaneous submissions of one balance adjustment: one transfer, one answer`, async () => {
    const balance = await balanceOf(t, user.id);
    const payload = { amount: 1234, reason: 'goodwill', idempotencyKey: newKey() };
    const responses = await Promise.all(
      Array.from({ length: CLICKS }, () => post(`/admin/users/${user.id}/balance-adjustments`, payload)),
    );
    expect(responses.filter((response) => response.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const transferIds = new Set(
      responses.map((response) => (JSON.parse(response.body) as { transferId: string }).transferId),
    );
    expect(transferIds.size).toBe(1);
    expect(await balanceOf(t, user.id)).toBe(balance + 1234);
    const log = (await auditOf(t, admin, 'user', user.id)).filter(
      (entry) => entry.action === 'user.balance_adjust',
    );
    expect(log).toHaveLength(1);
    await expectLedgerOk(t);
  });
});
