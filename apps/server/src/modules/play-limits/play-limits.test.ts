/**
 * Play limits over HTTP, on each driver: lower at once and higher after 24 h, deposits of every method
 * and positions refused over a limit with the limit and its reset named, the figures kept by the
 * triggers equal to a recount, breaks that refuse play and deposits but not withdrawals and that nobody
 * lifts, and a hundred placements (and fifty deposits) at once that never pass a limit.
 */
import type { PlayLimitsOverview } from '@tradehall/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  countRows,
  createTestApp,
  DRIVERS,
  type ErrorJson,
  login,
  type TestApp,
} from '../../../test/harness.ts';
import {
  LOGIN_PASSWORD,
  type MoneyUser,
  newKey,
  offlineDeposit,
  operatorToken,
  quickUser,
} from '../../../test/money.ts';
import { credit, finishRound, openRound, place, roomId, tick } from '../../../test/trading.ts';
import { WorkLog } from '../../../test/work-log.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** Positions of one player's history in the counters check. */
const HISTORY = 5_000;
const bet = { category: 'both_sides', type: 'long' } as const;

describe.each(DRIVERS)('play limits on %s', (driver) => {
  let t: TestApp;
  let room: string;
  const log = new WorkLog();
  beforeAll(async () => {
    t = await createTestApp({ driver, observer: log });
    // Mid-morning UTC on a Wednesday: a day's reset is in the future, far from the boundary.
    t.clock.set(new Date('2026-11-25T09:00:00Z'));
    room = await roomId(t, 'normal');
  });
  afterAll(async () => {
    await t?.close();
  });

  const overview = async (user: MoneyUser) =>
    (await call<PlayLimitsOverview>(t, 'GET', '/play-limits', { token: user.token })).body;
  const setLimit = (user: MoneyUser, kind: string, amount: number | null) =>
    call<PlayLimitsOverview & ErrorJson>(t, 'PUT', '/play-limits', {
      token: user.token,
      body: { kind, amount },
    });
  const limitOf = (view: PlayLimitsOverview, kind: string) =>
    view.limits.find((limit) => limit.kind === kind);
  const player = async (balance = 10_000_000) => {
    const user = await quickUser(t, { prefix: 'limits' });
    if (balance > 0) await credit(t, user.id, balance);
    return user;
  };
  /** The room's open round at the clock's time (the clock moves by days here). */
  const currentRound = async () => {
    await tick(t);
    return openRound(t, room);
  };
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  it('applies a lower limit at once and a higher one, or a removal, 24 hours later', async () => {
    const user = await player();
    expect(
      (await overview(user)).limits.every((limit) => limit.amount === null && limit.pending === null),
    ).toBe(true);
    const first = await setLimit(user, 'deposit_day', 5_000);
    expect(first.status).toBe(200);
    expect(limitOf(first.body, 'deposit_day')).toEqual({ kind: 'deposit_day', amount: 5_000, pending: null });

    const raised = await setLimit(user, 'deposit_day', 8_000);
    expect(limitOf(raised.body, 'deposit_day')).toEqual({
      kind: 'deposit_day',
      amount: 5_000,
      pending: { amount: 8_000, from: nowSeconds() + DAY_SECONDS },
    });
    t.clock.advanceSeconds(DAY_SECONDS - 1);
    expect(limitOf(await overview(user), 'deposit_day')?.amount).toBe(5_000);
    t.clock.advanceSeconds(1);
    expect(limitOf(await overview(user), 'deposit_day')).toEqual({
      kind: 'deposit_day',
      amount: 8_000,
      pending: null,
    });

    const removed = await setLimit(user, 'deposit_day', null);
    expect(limitOf(removed.body, 'deposit_day')?.pending).toEqual({
      amount: null,
      from: nowSeconds() + DAY_SECONDS,
    });
    const lowered = await setLimit(user, 'deposit_day', 1_000);
    expect(limitOf(lowered.body, 'deposit_day')).toEqual({
      kind: 'deposit_day',
      amount: 1_000,
      pending: null,
    });

    const bad = await setLimit(user, 'deposit_year', 1);
    expect(bad.status).toBe(400);
    expect((await setLimit(user, 'loss_day', -1)).status).toBe(400);
  });

  it('refuses an offline, crypto or card deposit over a deposit limit, naming it and its reset', async () => {
    const user = await player(0);
    await setLimit(user, 'deposit_day', 10_000);
    expect((await offlineDeposit(t, user, 6_000)).status).toBe(201);
    const over = await call<ErrorJson>(t, 'POST', '/deposits', {
      token: user.token,
      headers: { 'accept-language': 'en' },
      body: { method: 'offline', amount: 4_001, depositorName: 'Li Wei', idempotencyKey: newKey() },
    });
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe('PLAY_LIMIT_DEPOSIT_DAY');
    expect(over.body.error.message).toBe(
      'Your daily recharge limit of $100.00 is reached. It resets at 2026-11-27 00:00 UTC',
    );
    const crypto = await call<ErrorJson>(t, 'POST', '/deposits', {
      token: user.token,
      body: {
        method: 'crypto',
        amount: 4_001,
        network: 'USDT-TRC20',
        txHash: 'b'.repeat(64),
        idempotencyKey: newKey(),
      },
    });
    expect(crypto.body.error.code).toBe('PLAY_LIMIT_DEPOSIT_DAY');
    const checkouts = await countRows(t, 'payment_checkouts');
    const card = await call<ErrorJson>(t, 'POST', '/deposits', {
      token: user.token,
      body: { method: 'card', amount: 4_001, idempotencyKey: newKey() },
    });
    expect(card.body.error.code).toBe('PLAY_LIMIT_DEPOSIT_DAY');
    // No checkout was opened at the gateway for a deposit that would be refused.
    expect(await countRows(t, 'payment_checkouts')).toBe(checkouts);
    // Exactly up to the limit is allowed; the refused ones counted nothing.
    expect((await offlineDeposit(t, user, 4_000)).status).toBe(201);
    expect((await overview(user)).usage.day.deposited).toBe(10_000);
  });

  it('gives a rejected deposit back to its period, and starts a new day from zero', async () => {
    const user = await player(0);
    await setLimit(user, 'deposit_week', 5_000);
    const deposit = await offlineDeposit(t, user, 5_000);
    expect((await offlineDeposit(t, user, 2_000)).body).toMatchObject({
      error: { code: 'PLAY_LIMIT_DEPOSIT_WEEK' },
    });
    const operator = await operatorToken(t);
    const rejected = await call(t, 'POST', `/admin/deposits/${deposit.body.id}/reject`, {
      token: operator,
      body: { reason: 'no such transfer' },
    });
    expect(rejected.status).toBe(200);
    expect((await overview(user)).usage.week.deposited).toBe(0);
    expect((await offlineDeposit(t, user, 5_000)).status).toBe(201);

    await setLimit(user, 'deposit_day', 5_000);
    t.clock.advanceSeconds(DAY_SECONDS);
    const view = await overview(user);
    expect(view.usage.day.deposited).toBe(0);
  });

  it('refuses a stake over the limit per round, counting earlier stakes in it', async () => {
    const user = await player();
    await setLimit(user, 'stake_round', 600);
    const round = await currentRound();
    expect((await place(t, user, round.id, bet, 400)).status).toBe(201);
    const perRound = await place(t, user, round.id, bet, 201);
    expect(perRound.status).toBe(403);
    expect(perRound.body.error?.code).toBe('PLAY_LIMIT_STAKE_ROUND');
    expect((await place(t, user, round.id, bet, 200)).status).toBe(201);
    await finishRound(t, round);
    expect((await place(t, user, (await currentRound()).id, bet, 600)).status).toBe(201);
  });

  it('refuses a position over a loss limit, counting losses as stakes minus payouts as a recount does', async () => {
    const user = await player();
    await setLimit(user, 'loss_day', 1_000);
    const recount = async () => {
      const row = await t.database.kysely
        .selectFrom('positions')
        .select([
          sql<number>`coalesce(sum(amount), 0)::int8`.as('staked'),
          sql<number>`coalesce(sum(payout), 0)::int8`.as('paid'),
        ])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      return row.staked - row.paid;
    };
    const round = await currentRound();
    expect((await place(t, user, round.id, bet, 600)).status).toBe(201);
    await finishRound(t, round);
    expect((await overview(user)).usage.day.loss).toBe(await recount());

    // Whatever the draw paid, stakes of 100 are taken until the day's loss would pass 1,000.
    const next = await currentRound();
    let refused: Awaited<ReturnType<typeof place>> | null = null;
    for (let i = 0; i < 40 && !refused; i++) {
      const answer = await place(t, user, next.id, bet, 100);
      if (answer.status !== 201) refused = answer;
    }
    expect(refused?.status).toBe(403);
    expect(refused?.body.error?.code).toBe('PLAY_LIMIT_LOSS_DAY');
    expect(refused?.body.error?.message).toContain('UTC');
    const loss = await recount();
    expect(loss).toBeLessThanOrEqual(1_000);
    expect(loss).toBeGreaterThan(900);
    expect((await overview(user)).usage.day.loss).toBe(loss);
  });

  it('counts positions placed before any limit (the batch path) once a limit is set', async () => {
    const user = await player();
    const round = await currentRound();
    expect((await place(t, user, round.id, bet, 700)).status).toBe(201);
    await setLimit(user, 'loss_week', 1_000);
    expect((await overview(user)).usage.week.loss).toBe(700);
    expect((await place(t, user, round.id, bet, 301)).body.error?.code).toBe('PLAY_LIMIT_LOSS_WEEK');
    expect((await place(t, user, round.id, bet, 300)).status).toBe(201);
  });

  it('never lets a hundred simultaneous positions pass a loss limit', async () => {
    const user = await player();
    await setLimit(user, 'loss_day', 1_000);
    const round = await currentRound();
    const answers = await Promise.all(Array.from({ length: 100 }, () => place(t, user, round.id, bet, 100)));
    const placed = answers.filter((answer) => answer.status === 201).length;
    expect(placed).toBe(10);
    expect(answers.filter((answer) => answer.body.error?.code === 'PLAY_LIMIT_LOSS_DAY')).toHaveLength(90);
    const staked = await t.database.kysely
      .selectFrom('positions')
      .select(sql<number>`sum(amount)::int8`.as('staked'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(staked.staked).toBe(1_000);
  });

  it('never lets fifty simultaneous deposits pass a deposit limit', async () => {
    const user = await player(0);
    await setLimit(user, 'deposit_month', 10_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => offlineDeposit(t, user, 1_000)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const asked = await t.database.kysely
      .selectFrom('deposits')
      .select(sql<number>`sum(amount)::int8`.as('total'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(asked.total).toBe(10_000);
  });

  it('refuses positions and deposits during a break, not withdrawals, and never shortens it', async () => {
    const user = await player();
    const taken = await call<PlayLimitsOverview>(t, 'POST', '/play-limits/breaks', {
      token: user.token,
      body: { kind: 'cool_off_7d' },
    });
    expect(taken.status).toBe(200);
    expect(taken.body.break).toEqual({ kind: 'cool_off_7d', endsAt: nowSeconds() + 7 * DAY_SECONDS });

    const round = await currentRound();
    const position = await place(t, user, round.id, bet, 100);
    expect(position.status).toBe(403);
    expect(position.body.error?.code).toBe('PLAY_BREAK_RUNNING');
    for (const body of [
      { method: 'offline', amount: 1_000, depositorName: 'Li Wei' },
      { method: 'card', amount: 1_000 },
    ]) {
      const deposit = await call<ErrorJson>(t, 'POST', '/deposits', {
        token: user.token,
        body: { ...body, idempotencyKey: newKey() },
      });
      expect(deposit.body.error.code).toBe('PLAY_BREAK_RUNNING');
    }
    // A withdrawal is not refused for the break (it stops for its own reasons: no card bound here).
    const withdrawal = await call<ErrorJson>(t, 'POST', '/withdrawals', {
      token: user.token,
      body: { method: 'bank_card', amount: 1_000, paymentPassword: '123456', idempotencyKey: newKey() },
    });
    expect(withdrawal.body.error?.code).not.toBe('PLAY_BREAK_RUNNING');

    const shorter = await call<ErrorJson>(t, 'POST', '/play-limits/breaks', {
      token: user.token,
      body: { kind: 'cool_off_24h' },
    });
    expect(shorter.status).toBe(409);
    expect(shorter.body.error.code).toBe('PLAY_BREAK_SHORTER');
    await expect(
      t.database.kysely.deleteFrom('play_breaks').where('user_id', '=', user.id).execute(),
    ).rejects.toThrow();
    await expect(
      t.database.kysely
        .updateTable('play_breaks')
        .set({ kind: 'cool_off_24h' })
        .where('user_id', '=', user.id)
        .execute(),
    ).rejects.toThrow();

    t.clock.advanceSeconds(7 * DAY_SECONDS);
    expect((await overview(user)).break).toBeNull();
    const after = await currentRound();
    expect((await place(t, user, after.id, bet, 100)).status).toBe(201);
  });

  it('names the end of a break in the login answer, only once the password is proved', async () => {
    const user = await player(0);
    const calm = await login(t, user.account, LOGIN_PASSWORD);
    expect(calm.status).toBe(200);
    expect(calm.body.playBreak).toBeNull();

    await call(t, 'POST', '/play-limits/breaks', { token: user.token, body: { kind: 'exclusion_1y' } });
    const endsAt = (await overview(user)).break?.endsAt;
    expect(endsAt).toBeGreaterThan(nowSeconds());
    const paused = await login(t, user.account, LOGIN_PASSWORD);
    expect(paused.status).toBe(200);
    expect(paused.body.playBreak).toEqual({ kind: 'exclusion_1y', endsAt });

    // A wrong password on the paused account answers exactly as one on an account that does not exist.
    const wrong = await login(t, user.account, 'not-the-password');
    const nobody = await login(t, `${user.account}_none`, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: nobody.status, body: nobody.body });
    expect(JSON.stringify(wrong.body)).not.toContain(String(endsAt));
  });

  it('shows an operator the limits and break read-only, and refuses and records an attempt to lift it', async () => {
    const user = await player();
    await setLimit(user, 'loss_month', 50_000);
    await call(t, 'POST', '/play-limits/breaks', { token: user.token, body: { kind: 'exclusion_6m' } });
    const operator = await operatorToken(t);
    const view = await call<PlayLimitsOverview>(t, 'GET', `/admin/users/${user.id}/play-limits`, {
      token: operator,
    });
    expect(view.status).toBe(200);
    expect(view.body.break?.kind).toBe('exclusion_6m');
    expect(limitOf(view.body, 'loss_month')?.amount).toBe(50_000);

    const lift = await call<ErrorJson>(t, 'DELETE', `/admin/users/${user.id}/play-break`, {
      token: operator,
    });
    expect(lift.status).toBe(403);
    expect(lift.body.error.code).toBe('PLAY_BREAK_LOCKED');
    const audit = await t.database.kysely
      .selectFrom('operator_audit_log')
      .select(['action', 'target_id'])
      .where('target_id', '=', user.id)
      .execute();
    expect(audit).toEqual([{ action: 'play_break.lift_refused', target_id: user.id }]);
    expect((await overview(user)).break?.kind).toBe('exclusion_6m');
    expect((await call(t, 'GET', `/admin/users/${user.id}/play-limits`, { token: user.token })).status).toBe(
      403,
    );
  });

  it('keeps the reality check off by default and answers the session figures', async () => {
    const user = await player();
    expect((await overview(user)).realityCheckMinutes).toBeNull();
    const set = await call<PlayLimitsOverview>(t, 'PUT', '/play-limits/reality-check', {
      token: user.token,
      body: { minutes: 30 },
    });
    expect(set.body.realityCheckMinutes).toBe(30);
    expect(
      (await call(t, 'PUT', '/play-limits/reality-check', { token: user.token, body: { minutes: 7 } }))
        .status,
    ).toBe(400);
    const round = await currentRound();
    const start = (await call(t, 'GET', '/play-limits/session', { token: user.token })).body;
    expect(start).toEqual({ staked: 0, paid: 0 });
    await place(t, user, round.id, bet, 300);
    const session = await call(t, 'GET', '/play-limits/session', { token: user.token });
    expect(session.body).toEqual({ staked: 300, paid: 0 });
  });

  it(`reads the session counters from two kept rows: the same statement with no history and with ${HISTORY} positions`, {
    timeout: 180_000,
  }, async () => {
    const user = await player();
    const read = async () => {
      log.take();
      const answer = await call<{ staked: number; paid: number }>(t, 'GET', '/play-limits/session', {
        token: user.token,
      });
      expect(answer.status).toBe(200);
      return { counters: answer.body, work: log.take().filter((entry) => entry.startsWith('sql ')) };
    };
    // A first request checks the session token; the next ones find it checked.
    await read();
    const fresh = await read();
    expect(fresh.counters).toEqual({ staked: 0, paid: 0 });
    // One statement: the two primary-key rows, no positions.
    expect(fresh.work).toHaveLength(1);
    expect(fresh.work[0]).toContain('total_staked');
    expect(fresh.work[0]).not.toMatch(/\bpositions\b/);

    // A long history written straight in (open, then settled: the triggers count both as the app's
    // statements would), with one real placement on top.
    const round = await currentRound();
    await t.database.kysely.transaction().execute(async (trx) => {
      // Seeding, not the request under test: the app's statement timeout is for requests.
      await sql`set local statement_timeout = 0`.execute(trx);
      await sql`insert into positions (id, round_id, room_id, user_id, account_id, bet_category, bet_type,
          amount, multiplier, created_at)
        select gen_random_uuid(), ${round.id}, ${room}, ${user.id}, a.id, 'both_sides', 'long', 100 + g % 7,
          19600, ${t.clock.now()}
        from generate_series(1, ${HISTORY}) g, ledger_accounts a where a.user_id = ${user.id}`.execute(trx);
      await sql`update positions set status = case when amount % 2 = 0 then 'won' else 'lost' end,
          payout = case when amount % 2 = 0 then amount * 2 else 0 end, settled_at = ${t.clock.now()}
        where user_id = ${user.id}`.execute(trx);
    });
    await place(t, user, round.id, bet, 300);
    const long = await read();
    expect(long.work).toEqual(fresh.work);
    const recount = await t.database.kysely
      .selectFrom('positions')
      .select([
        sql<number>`sum(amount)::int8`.as('staked'),
        sql<number>`coalesce(sum(payout), 0)::int8`.as('paid'),
      ])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(long.counters).toEqual(recount);
    expect(long.counters.staked).toBeGreaterThan(HISTORY * 100);
  });
});
