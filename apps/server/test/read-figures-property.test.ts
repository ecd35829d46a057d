/**
 * Property: the figures the reads show without recounting (migration 0008) — each user's deposited and
 * staked turnover, each round's users / positions / stakes, each day's volume and trading users — equal a
 * recount from the ledger and the positions after any sequence of placements (alone and in concurrent
 * bursts, so both the batch and the one-transaction path run), settlements, voids, deposits (approved or
 * left pending) and withdrawals (paid, rejected or pending). My account's withdrawable amount and
 * unprocessed count agree with the recount too, and the ledger invariant holds throughout.
 */
import { withdrawableAmount } from '@tradehall/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../src/platform/db/cents.ts';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import {
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
import { finishRound, openRound, place, roomId, stepTo } from './trading.ts';

const USERS = 3;

const stepArbitrary = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    user: fc.nat(USERS - 1),
    amount: fc.integer({ min: 1_000, max: 200_000 }),
    approve: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    user: fc.nat(USERS - 1),
    amount: fc.integer({ min: 2_000, max: 100_000 }),
    decide: fc.constantFrom('pay' as const, 'reject' as const, 'leave' as const),
  }),
  fc.record({
    kind: fc.constant('place' as const),
    bets: fc.array(
      fc.record({
        user: fc.nat(USERS - 1),
        amount: fc.integer({ min: 100, max: 50_000 }),
        long: fc.boolean(),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  }),
  fc.record({ kind: fc.constant('finish' as const), void: fc.boolean() }),
);

describe.each(DRIVERS)('read figures against a recount on %s', (driver) => {
  let t: TestApp;
  let normal: string;
  let operator: string;
  let users: MoneyUser[];
  const cards: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ driver });
    normal = await roomId(t, 'normal');
    await t.database.kysely.updateTable('rooms').set({ paused: true }).where('id', '<>', normal).execute();
    operator = await operatorToken(t);
    users = [];
    for (let i = 0; i < USERS; i++) {
      const user = await quickUser(t, { prefix: 'figures', realName: 'Li Wei' });
      users.push(user);
      cards.push(await bindCard(t, user));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  async function expectFiguresMatchRecount(): Promise<void> {
    const db = t.database.kysely;
    const accounts = await sql<{
      user_id: string;
      total_deposited: unknown;
      total_staked: unknown;
      deposited: unknown;
      staked: unknown;
    }>`
      select a.user_id, a.total_deposited, a.total_staked,
        (select coalesce(sum(amount), 0) from ledger_transfers where credit_account_id = a.id and code = 'deposit')
          as deposited,
        (select coalesce(sum(amount), 0) from ledger_transfers where debit_account_id = a.id and code = 'stake')
          as staked
      from ledger_accounts a where a.kind = 'user_cash'
    `.execute(db);
    for (const row of accounts.rows) {
      expect({
        user: row.user_id,
        deposited: toCents(row.total_deposited),
        staked: toCents(row.total_staked),
      }).toEqual({ user: row.user_id, deposited: toCents(row.deposited), staked: toCents(row.staked) });
    }
    const rounds = await sql<{ id: string; kept: unknown; recount: unknown }>`
      select r.id,
        (select json_build_object('users', f.user_count, 'positions', f.position_count, 'staked', f.stake_total::text)
          from round_figures f where f.round_id = r.id) as kept,
        (select json_build_object('users', count(distinct p.user_id), 'positions', count(*),
            'staked', coalesce(sum(p.amount), 0)::text)
          from positions p where p.round_id = r.id) as recount
      from rounds r
    `.execute(db);
    for (const row of rounds.rows) {
      const recount = row.recount as { positions: number };
      expect(row.kept ?? (recount.positions === 0 ? recount : null)).toEqual(row.recount);
    }
    const days = await sql<{
      day: string;
      volume: unknown;
      user_count: number;
      recount_volume: unknown;
      users: number;
    }>`
      select d.day::text as day, d.volume, d.user_count,
        coalesce(x.volume, 0) as recount_volume, coalesce(x.users, 0)::int as users
      from daily_figures d full join (
        select (created_at at time zone 'UTC')::date as day, sum(amount) as volume, count(distinct user_id) as users
        from positions group by 1
      ) x on x.day = d.day
    `.execute(db);
    for (const row of days.rows) {
      expect({ day: row.day, volume: toCents(row.volume), users: row.user_count }).toEqual({
        day: row.day,
        volume: toCents(row.recount_volume),
        users: row.users,
      });
    }
    for (const user of users) {
      const account = await t.services.ledger.userAccount(db, user.id);
      const turnover = await t.services.ledger.turnoverTotals(db, account.id);
      const pending = await sql<{ n: number }>`
        select ((select count(*) from deposits where user_id = ${user.id} and status = 'pending')
          + (select count(*) from withdrawals where user_id = ${user.id} and status = 'pending'))::int as n
      `.execute(db);
      const me = await call<{ balance: number; withdrawable: number; unprocessedCount: number }>(
        t,
        'GET',
        '/me',
        {
          token: user.token,
        },
      );
      expect(me.body).toMatchObject({
        balance: account.balance,
        withdrawable: withdrawableAmount({ balance: account.balance, ...turnover, turnoverMultiplier: 1 }),
        unprocessedCount: pending.rows[0]?.n,
      });
    }
    // The overview is shared for up to 500 ms (placements do not refresh it): read afresh here.
    t.services.market.invalidate();
    const market = await call<{ todayVolume: number; tradingUsers: number }>(t, 'GET', '/market/overview');
    const day = t.clock.now().toISOString().slice(0, 10);
    const today = await sql<{ volume: unknown; users: number }>`
      select coalesce(sum(amount), 0) as volume, count(distinct user_id)::int as users from positions
      where created_at >= ${day}::date::timestamp at time zone 'UTC'
        and created_at < (${day}::date + 1)::timestamp at time zone 'UTC'
    `.execute(db);
    expect(market.body).toMatchObject({
      todayVolume: toCents(today.rows[0]?.volume),
      tradingUsers: today.rows[0]?.users,
    });
  }

  it('keeps every figure equal to its recount', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }), async (steps) => {
        const pendingWithdrawals: string[] = [];
        for (const step of steps) {
          if (step.kind === 'deposit') {
            const user = users[step.user];
            if (!user) throw new Error('no user');
            if (step.approve) await fund(t, operator, user, step.amount);
            else expect((await offlineDeposit(t, user, step.amount)).status).toBe(201);
          } else if (step.kind === 'withdraw') {
            const user = users[step.user];
            if (!user) throw new Error('no user');
            const response = await call<{ id: string }>(t, 'POST', '/withdrawals', {
              token: user.token,
              body: {
                amount: step.amount,
                destinationType: 'bank_card',
                destinationId: cards[step.user],
                paymentPassword: PAYMENT_PASSWORD,
                idempotencyKey: newKey(),
              },
            });
            if (response.status === 201 && step.decide !== 'leave') {
              const pay = step.decide === 'pay';
              const decided = await call(t, 'POST', `/admin/withdrawals/${response.body.id}/${step.decide}`, {
                token: operator,
                body: pay ? { paymentReference: 'REF' } : { reason: 'Wrong account' },
              });
              expect(decided.status).toBe(200);
            } else if (response.status === 201) pendingWithdrawals.push(response.body.id);
          } else if (step.kind === 'place') {
            const round = await openRound(t, normal);
            // Together, so that some are written by one batch statement and the rest one by one.
            await Promise.all(
              step.bets.map((bet) => {
                const user = users[bet.user];
                if (!user) throw new Error('no user');
                return place(
                  t,
                  user,
                  round.id,
                  { category: 'both_sides', type: bet.long ? 'long' : 'short' },
                  bet.amount,
                );
              }),
            );
          } else {
            const round = await openRound(t, normal);
            if (step.void) {
              await stepTo(t, round.sealsAt);
              await t.services.settlement.void(round.id);
            } else await finishRound(t, round);
          }
        }
        await expectFiguresMatchRecount();
        await expectLedgerOk(t);
      }),
      { numRuns: driver === 'pglite' ? 25 : 15 },
    );
  }, 300_000);
});
