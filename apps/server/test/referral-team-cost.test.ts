/**
 * What the team page costs and whether its figures are right (decision 0043), on both drivers. Over
 * days of real play and payment (each day paid on the next, while new play accrues), every figure the
 * page shows equals the sum over the referrer's rows it replaced, and the kept totals equal a recount
 * from scratch by the migration. A referrer with a day of history and one with 400 get their page
 * from the same statements reading the same number of rows (EXPLAIN ANALYZE of the statements as sent:
 * work compared, never time).
 */
import { businessDay } from '@tradehall/domain';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countReferrerTotals } from '../src/platform/db/migrations/0023-referrer-totals.ts';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { type MoneyUser, operatorToken, quickUser } from './money.ts';
import { invited, nextDay, putProgramme } from './referral-support.ts';
import { ReplayableWork, rowsRead } from './rows-read.ts';
import { twoFactorAdmin } from './step-up-support.ts';
import { credit, finishRound, openRound, place, roomId, tick } from './trading.ts';

const START = new Date('2026-11-26T10:00:00Z');

interface Figures {
  level1Today: number;
  level2Today: number;
  level1Total: number;
  level2Total: number;
  paid: number;
}

interface TeamBody {
  levels: Array<{ level: number; turnoverToday: number; turnoverTotal: number }>;
  rewardsPaidTotal: number;
}

/** The page's figures as the page shows them. */
function shown(body: TeamBody): Figures {
  const [one, two] = body.levels;
  return {
    level1Today: one?.turnoverToday ?? -1,
    level2Today: two?.turnoverToday ?? -1,
    level1Total: one?.turnoverTotal ?? -1,
    level2Total: two?.turnoverTotal ?? -1,
    paid: body.rewardsPaidTotal,
  };
}

/** The same figures summed over every accrual and reward row of the referrer: what the page summed before. */
async function summed(t: TestApp, userId: string): Promise<Figures> {
  const today = businessDay(t.clock.now());
  const result = await sql<Figures>`
    select
      coalesce(sum(turnover) filter (where level = 1 and day = ${today}::date), 0)::int8 as "level1Today",
      coalesce(sum(turnover) filter (where level = 2 and day = ${today}::date), 0)::int8 as "level2Today",
      coalesce(sum(turnover) filter (where level = 1), 0)::int8 as "level1Total",
      coalesce(sum(turnover) filter (where level = 2), 0)::int8 as "level2Total",
      (select coalesce(sum(amount), 0) from referral_rewards where referrer_id = ${userId})::int8 as paid
    from referral_accruals where referrer_id = ${userId}
  `.execute(t.database.kysely);
  const row = result.rows[0];
  if (!row) throw new Error('no sums');
  return row;
}

async function team(t: TestApp, user: MoneyUser): Promise<TeamBody> {
  const response = await call<TeamBody>(t, 'GET', '/referrals/team', { token: user.token });
  expect(response.status).toBe(200);
  return response.body;
}

/** The kept totals, row by row. */
async function kept(t: TestApp) {
  const turnover = await t.database.kysely
    .selectFrom('referral_referrer_turnover')
    .selectAll()
    .orderBy('referrer_id')
    .execute();
  const paid = await t.database.kysely
    .selectFrom('referral_referrer_paid')
    .selectAll()
    .orderBy('referrer_id')
    .execute();
  return { turnover, paid };
}

/** The kept totals dropped and counted again from the accruals and rewards, by the migration's count. */
async function recountFromScratch(t: TestApp): Promise<void> {
  await t.database.kysely.transaction().execute(async (trx) => {
    await sql`delete from referral_referrer_turnover`.execute(trx);
    await sql`delete from referral_referrer_paid`.execute(trx);
    await countReferrerTotals(trx);
  });
}

/**
 * A referrer's history written as settlement and payment leave it: two accrual rows (levels 1 and 2) for
 * today and each of the `days` days before it, and a paid reward per level for each of those days.
 */
async function seedHistory(t: TestApp, referrers: RawBuilder<unknown>, days: number): Promise<void> {
  const today = businessDay(t.clock.now());
  await sql`insert into referral_accruals (day, referrer_id, level, turnover, edge_units, invitees)
    select ${today}::date - g, r.id, l, 1000 * l + g, 20 * (1000 * l + g), 1
    from (${referrers}) r cross join generate_series(0, ${days}) g cross join (values (1), (2)) v (l)`.execute(
    t.database.kysely,
  );
  await sql`insert into referral_rewards
      (id, referrer_id, day, level, invitees, edge_units, rate_bps, amount, paid_at)
    select gen_random_uuid(), r.id, ${today}::date - g, l, 1, 20 * (1000 * l + g), 2500, 5 * l + g,
      ${t.clock.now()}::timestamptz
    from (${referrers}) r cross join generate_series(1, ${days}) g cross join (values (1), (2)) v (l)`.execute(
    t.database.kysely,
  );
}

/** One user's id, as a row source for seedHistory. */
const only = (userId: string) => sql`select ${userId}::uuid as id`;

/**
 * Other referrers beside the two measured, each with a day of history: enough rows that the planner
 * looks a referrer up by key as it would in production, instead of scanning a table of a few rows
 * (where the rows a scan reads before it finds its row depend on where that row happens to lie).
 */
async function seedCrowd(t: TestApp, count: number): Promise<void> {
  await sql`insert into users (username, password_hash, nickname, invitation_code)
    select 'crowd' || g, 'no password', 'crowd', 'CROWD' || g from generate_series(1, ${count}) g`.execute(
    t.database.kysely,
  );
  await seedHistory(t, sql`select id from users where username like 'crowd%'`, 1);
}

describe.each(DRIVERS)('the team page’s figures and cost on %s', (driver) => {
  let t: TestApp;
  /** The app's statements with their parameters, to run them again under EXPLAIN ANALYZE. */
  const recorded = new ReplayableWork();

  beforeAll(async () => {
    t = await createTestApp({ driver, observer: recorded.observer, env: { REFERRAL_PAY_CHUNK: '2' } });
    t.clock.set(START);
    await putProgramme(t, await twoFactorAdmin(t, await operatorToken(t)));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows, day after day, the sums it replaced: turnover of today and of all time, rewards paid on later days', async () => {
    const referrer = await quickUser(t, { prefix: 'team' });
    const a = await invited(t, referrer);
    const b = await invited(t, a);
    await credit(t, a.id, 100_000);
    await credit(t, b.id, 100_000);
    const normal = await roomId(t, 'normal');
    const expectSums = async () => {
      for (const user of [referrer, a, b])
        expect(shown(await team(t, user))).toEqual(await summed(t, user.id));
    };
    const play = async (plays: Array<[MoneyUser, number]>) => {
      // The clock moved on a day: the engine first closes the round it left open.
      await tick(t);
      const round = await openRound(t, normal);
      for (const [user, amount] of plays) {
        const response = await place(t, user, round.id, { category: 'both_sides', type: 'long' }, amount);
        expect(response.status, JSON.stringify(response.body)).toBe(201);
      }
      await finishRound(t, round);
    };

    await nextDay(t);
    await play([
      [a, 10_000],
      [b, 1_000],
    ]);
    await play([[b, 3_000]]);
    await expectSums();
    expect(shown(await team(t, referrer))).toMatchObject({
      level1Today: 10_000,
      level2Today: 4_000,
      paid: 0,
    });

    // The next day: the first day paid, and new play on top.
    await nextDay(t);
    expect(await t.services.referralPayments.payDue()).toHaveLength(1);
    await play([
      [a, 5_000],
      [b, 2_000],
    ]);
    await expectSums();
    const second = shown(await team(t, referrer));
    expect(second).toMatchObject({ level1Today: 5_000, level1Total: 15_000, level2Total: 6_000 });
    expect(second.paid).toBeGreaterThan(0);

    // And the day after: the second day paid on it, with play of a level-1 invitee only.
    await nextDay(t);
    expect(await t.services.referralPayments.payDue()).toHaveLength(1);
    await play([[a, 3_000]]);
    await expectSums();
    const third = shown(await team(t, referrer));
    expect(third).toMatchObject({ level1Today: 3_000, level2Today: 0, level1Total: 18_000 });
    expect(third.paid).toBeGreaterThan(second.paid);

    // The console's tree shows the same paid total.
    const tree = await call(t, 'GET', `/admin/users/${referrer.id}/referrals`, {
      token: await operatorToken(t),
    });
    expect(tree.body.rewardsPaidTotal).toBe(third.paid);

    // What settlement and payment kept, row by row, is what the migration counts from scratch.
    const incremental = await kept(t);
    expect(incremental.turnover.length).toBeGreaterThanOrEqual(2);
    expect(incremental.paid.length).toBeGreaterThanOrEqual(2);
    await recountFromScratch(t);
    expect(await kept(t)).toEqual(incremental);
  });

  it('answers a referrer of 400 days with the same statements and rows read as one of a day', async () => {
    const short = await quickUser(t, { prefix: 'shortteam' });
    const long = await quickUser(t, { prefix: 'longteam' });
    await seedCrowd(t, 2_000);
    await seedHistory(t, only(short.id), 1);
    await seedHistory(t, only(long.id), 400);
    await recountFromScratch(t);
    // The planner's statistics as autovacuum would keep them after the seeding.
    await sql`analyze referral_accruals, referral_rewards, referral_referrer_turnover, referral_referrer_paid, referral_members, users`.execute(
      t.database.kysely,
    );
    const asked = async (user: MoneyUser) => {
      recorded.take();
      const body = await team(t, user);
      return { body, ...recorded.take() };
    };
    // Each session read once before (what a first request of a session adds is not the page's).
    await asked(short);
    await asked(long);
    const shortRead = await asked(short);
    const longRead = await asked(long);

    // The page and the rule are asked at once: compared as a set, not in the order they were sent.
    expect([...longRead.work].sort()).toEqual([...shortRead.work].sort());
    expect(longRead.statements).toHaveLength(2);
    const rows = {
      short: await rowsRead(t, shortRead.statements),
      long: await rowsRead(t, longRead.statements),
    };
    expect(rows.long).toBe(rows.short);
    // The user, their counts, the two totals rows, today's two accrual rows and the programme's (8 as
    // measured); summing the long history's 802 accrual and 800 reward rows read 1,606.
    expect(rows.long).toBeLessThanOrEqual(20);

    // And the figures are the 400 days' sums.
    expect(shown(longRead.body)).toEqual(await summed(t, long.id));
    expect(shown(longRead.body)).toMatchObject({
      level1Today: 1000,
      level1Total: 401 * 1000 + (400 * 401) / 2,
      paid: 400 * 15 + 400 * 401,
    });
  });
});
