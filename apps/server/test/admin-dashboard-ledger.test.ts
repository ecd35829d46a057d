/**
 * The console's figures: the dashboard (pending queues, today's volume, active users, the
 * house's result today, ledger status) computed from real data and checked against the positions and
 * transfers themselves; the trial balance by account kind (total zero); and transfer search by user,
 * account, code and reference with cursor pages.
 */
import type { Dashboard } from '@tradehall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfUtcDay } from '../src/platform/clock.ts';
import { toCents } from '../src/platform/db/cents.ts';
import { call, createTestApp, DRIVERS, type ErrorJson, type TestApp } from './harness.ts';
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
import { finishRound, openRound, place, roomId } from './trading.ts';

interface Transfer {
  id: string;
  code: string;
  reference: string;
  debitAccount: string;
  creditAccount: string;
  amount: number;
}

describe.each(DRIVERS)('console dashboard and ledger on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let alice: MoneyUser;
  let bob: MoneyUser;
  beforeAll(async () => {
    t = await createTestApp({ driver, env: { TURNOVER_MULTIPLIER: '0' } });
    // Mid-day UTC, so "today" does not roll over while the suite runs.
    t.clock.set(new Date(startOfUtcDay(t.clock.now()).getTime() + 12 * 3600_000));
    // Money decisions (the deposits below) take an operator with two-factor on: the demo admin, enrolled.
    admin = await operatorToken(t);
    alice = await quickUser(t);
    bob = await quickUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const dashboard = async () => {
    const response = await call<Dashboard>(t, 'GET', '/admin/dashboard', { token: admin });
    expect(response.status).toBe(200);
    return response.body;
  };
  const search = (query: string) =>
    call<{ items: Transfer[]; nextCursor: string | null } & ErrorJson>(
      t,
      'GET',
      `/admin/ledger/transfers${query}`,
      { token: admin },
    );

  it('shows what is waiting, today’s volume and the house’s result, from the positions and transfers', async () => {
    const start = await dashboard();
    expect(start).toMatchObject({
      pendingDeposits: 0,
      pendingWithdrawals: 0,
      todayVolume: 0,
      houseProfitToday: 0,
      ledgerOk: true,
    });
    expect(start.activeUsers).toBe(2);

    await fund(t, admin, alice, 1_000_00);
    await fund(t, admin, bob, 1_000_00);
    await offlineDeposit(t, alice, 50_00);
    await offlineDeposit(t, bob, 60_00);
    const card = await bindCard(t, alice);
    const withdrawal = await call(t, 'POST', '/withdrawals', {
      token: alice.token,
      body: {
        amount: 100_00,
        destinationType: 'bank_card',
        destinationId: card,
        paymentPassword: PAYMENT_PASSWORD,
        idempotencyKey: newKey(),
      },
    });
    expect(withdrawal.status).toBe(201);

    const room = await roomId(t, 'normal');
    const round = await openRound(t, room);
    const bets = [
      [alice, { category: 'both_sides', type: 'long' }, 100_00],
      [alice, { category: 'both_sides', type: 'short' }, 40_00],
      [bob, { category: 'special_number', number: 13 }, 25_00],
      [bob, { category: 'both_sides', type: 'single' }, 70_00],
    ] as const;
    for (const [user, bet, amount] of bets)
      expect((await place(t, user, round.id, bet, amount)).status).toBe(201);
    expect((await dashboard()).todayVolume).toBe(235_00);
    await finishRound(t, round);

    const positions = await t.database.kysely
      .selectFrom('positions')
      .select(['amount', 'payout'])
      .where('round_id', '=', round.id)
      .execute();
    const staked = positions.reduce((sum, row) => sum + row.amount, 0);
    const paid = positions.reduce((sum, row) => sum + toCents(row.payout), 0);
    const now = await dashboard();
    expect(now).toMatchObject({
      pendingDeposits: 2,
      pendingWithdrawals: 1,
      todayVolume: 235_00,
      houseProfitToday: staked - paid,
      ledgerOk: true,
    });
    expect(now.checkedAt).toBe(Math.floor(t.clock.now().getTime() / 1000));

    // Tomorrow: the queues are still waiting, today's figures start from zero, no one active yet.
    t.clock.set(new Date(startOfUtcDay(t.clock.now()).getTime() + 36 * 3600_000));
    const admin2 = await operatorToken(t);
    const tomorrow = (await call<Dashboard>(t, 'GET', '/admin/dashboard', { token: admin2 })).body;
    expect(tomorrow).toMatchObject({
      pendingDeposits: 2,
      pendingWithdrawals: 1,
      todayVolume: 0,
      houseProfitToday: 0,
      activeUsers: 0,
    });
    admin = admin2;
    // Bob uses the app today: one active user.
    await call(t, 'GET', '/me', { token: bob.token });
    expect((await dashboard()).activeUsers).toBe(1);
  });

  it('balances by account kind: debits, credits, balance, and a total of zero', async () => {
    const response = await call<{
      rows: Array<{ kind: string; accounts: number; debits: number; credits: number; balance: number }>;
      total: number;
    }>(t, 'GET', '/admin/ledger/trial-balance', { token: admin });
    expect(response.status).toBe(200);
    const { rows, total } = response.body;
    expect(total).toBe(0);
    expect(rows.map((row) => row.kind)).toEqual([
      'user_cash',
      'deposits_clearing',
      'withdrawals_clearing',
      'external',
      'stakes_escrow',
      'house',
    ]);
    for (const row of rows) expect(row.balance).toBe(row.credits - row.debits);
    const byKind = Object.fromEntries(rows.map((row) => [row.kind, row]));
    const users = await t.database.kysely
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('kind', '=', 'user_cash')
      .execute();
    expect(byKind.user_cash?.accounts).toBe(users.length);
    expect(byKind.user_cash?.balance).toBe(users.reduce((sum, row) => sum + row.balance, 0));
    expect(byKind.deposits_clearing?.balance).toBe(-2_000_00);
    expect(byKind.withdrawals_clearing?.balance).toBe(100_00);
    expect(byKind.stakes_escrow?.balance).toBe(0);
    await expectLedgerOk(t);
  });

  it('searches transfers by user, account, code and reference, newest first, page by page', async () => {
    const mine = await search(`?userId=${alice.id}`);
    expect(mine.status).toBe(200);
    expect(
      mine.body.items.every((item) =>
        [item.debitAccount, item.creditAccount].includes(`user:${alice.account}`),
      ),
    ).toBe(true);
    const codes = mine.body.items.map((item) => item.code);
    expect(codes.slice(-2)).toEqual(['withdrawal_hold', 'deposit']);
    expect(codes).toContain('stake');

    const stakes = await search(`?userId=${alice.id}&code=stake`);
    expect(stakes.body.items.map((item) => item.amount).sort((a, b) => a - b)).toEqual([40_00, 100_00]);
    const house = await search('?account=house');
    expect(house.body.items.length).toBeGreaterThan(0);
    expect(
      house.body.items.every((item) => item.debitAccount === 'house' || item.creditAccount === 'house'),
    ).toBe(true);

    // By reference: the deposit's human reference, its id, or `deposit:<id>`.
    const deposit = await t.database.kysely
      .selectFrom('deposits')
      .select(['id', 'reference'])
      .where('user_id', '=', bob.id)
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow();
    for (const reference of [deposit.reference, deposit.id, `deposit:${deposit.id}`]) {
      const found = await search(`?reference=${encodeURIComponent(reference)}`);
      expect(
        found.body.items.map((item) => [item.code, item.reference, item.amount]),
        reference,
      ).toEqual([['deposit', `deposit:${deposit.id}`, 1_000_00]]);
    }

    // Pages: every transfer exactly once, newest first.
    const all: Transfer[] = [];
    let cursor: string | null = null;
    do {
      const page = await search(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    const count = await t.database.kysely
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all).toHaveLength(Number(count.n));
    expect(new Set(all.map((item) => item.id)).size).toBe(all.length);
    expect(all.map((item) => Number(item.id))).toEqual(
      [...all.map((item) => Number(item.id))].sort((a, b) => b - a),
    );

    expect((await search('?account=nowhere')).body).toEqual({ items: [], nextCursor: null });
    expect((await search('?userId=00000000-0000-4000-8000-000000000000')).body.items).toEqual([]);
    expect((await search('?cursor=abc')).status).toBe(400);
    expect(await balanceOf(t, alice.id)).toBeGreaterThan(0);
  });
});
