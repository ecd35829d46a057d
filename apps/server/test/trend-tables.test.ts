/**
 * The trend tables over HTTP, on the real engine and settlement: a round counts once it is settled and
 * never when voided, every figure equals the same figure counted from the rounds themselves (across the
 * 100- and 1,000-round windows), the counts survive a second settlement attempt and match a rebuild
 * from scratch, the drawn rounds page by keyset, and a request is the same statements with no history
 * and with a million rounds on PostgreSQL (20,000 on PGlite, to keep the suite short), reading as many
 * rows as with a thousand.
 */
import {
  type RoomTrends,
  roomTrendsSchema,
  type TrendRoundPage,
  trendRoundPageSchema,
} from '@tradehall/contracts';
import { categoriesOf, chiSquareFit } from '@tradehall/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrendsRepository } from '../src/modules/rounds/trends.repository.ts';
import { countSettledRounds } from '../src/platform/db/migrations/0016-trend-figures.ts';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { ReplayableWork, rowsRead } from './rows-read.ts';
import { finishRound, openRound, roomId, roundsOf, tick } from './trading.ts';
import { expectFiguresOf, seedHistory, settledSums, withoutTimeLimits } from './trend-support.ts';

async function trends(t: TestApp, room: string): Promise<RoomTrends> {
  const response = await call(t, 'GET', `/rooms/${room}/trends`);
  expect(response.status).toBe(200);
  return roomTrendsSchema.parse(response.body);
}

async function trendPage(t: TestApp, room: string, query: string): Promise<TrendRoundPage> {
  const response = await call(t, 'GET', `/rooms/${room}/trends/rounds?${query}`);
  expect(response.status).toBe(200);
  return trendRoundPageSchema.parse(response.body);
}

/** The kept figures of a room as rows, to compare two ways of reaching them. */
async function keptFigures(t: TestApp) {
  const rooms = await t.database.kysely.selectFrom('trend_rooms').selectAll().orderBy('room_id').execute();
  const sums = await t.database.kysely
    .selectFrom('trend_sums')
    .selectAll()
    .orderBy('room_id')
    .orderBy('sum')
    .execute();
  return { rooms, sums };
}

/** The kept figures dropped and counted again by the migration's count of every settled round. */
async function recountFromScratch(t: TestApp): Promise<void> {
  await withoutTimeLimits(t, (db) =>
    db.transaction().execute(async (trx) => {
      await sql`delete from trend_sums`.execute(trx);
      await sql`delete from trend_rooms`.execute(trx);
      await sql`delete from trend_draws`.execute(trx);
      await countSettledRounds(trx);
      // The planner's statistics as autovacuum keeps them: a million rows in one statement outruns it.
      await sql`analyze rounds, trend_draws, trend_rooms, trend_sums`.execute(trx);
    }),
  );
}

describe.each(DRIVERS)('trend tables on %s', (driver) => {
  let t: TestApp;
  let normal: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    normal = await roomId(t, 'normal');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts each settled round once, shows a voided one as voided and counts it nowhere', async () => {
    const empty = await trends(t, normal);
    expect(empty.drawn).toBe(0);
    expect(empty.fit).toBeNull();
    expect(empty.windows.every((window) => window.rounds === 0 && window.hot.length === 0)).toBe(true);

    for (let i = 0; i < 4; i++) await finishRound(t, await openRound(t, normal));
    const voided = await openRound(t, normal);
    expect(await t.services.settlement.void(voided.id, 'beacon_timeout')).not.toBeNull();
    await tick(t);
    await finishRound(t, await openRound(t, normal));

    const figures = await trends(t, normal);
    const sums = await settledSums(t, normal, 1000);
    expect(sums).toHaveLength(5);
    expectFiguresOf(figures, sums, 5, expect);
    const listed = figures.rounds.items;
    expect(listed.map((round) => round.status)).toEqual([
      'settled',
      'void',
      'settled',
      'settled',
      'settled',
      'settled',
    ]);
    const voidRow = listed.find((round) => round.id === voided.id);
    expect(voidRow).toMatchObject({ status: 'void', sum: null, digits: null, categories: [] });
    for (const round of listed.filter((entry) => entry.status === 'settled')) {
      expect(round.digits?.reduce((a, b) => a + b, 0)).toBe(round.sum);
      expect(round.categories).toEqual(categoriesOf(round.sum ?? -1));
    }
    // Expectation over the 5 counted rounds: sum 13 is 75 in 1,000.
    expect(figures.windows[0]?.sums.find((entry) => entry.sum === 13)?.expected).toBe(0.375);
  });

  it('counts a round exactly once however often settlement is tried', async () => {
    const [settled] = (await roundsOf(t, normal)).filter((round) => round.status === 'settled');
    const before = await keptFigures(t);
    expect(await t.services.settlement.settle(settled?.id ?? '')).toBeNull();
    expect(await keptFigures(t)).toEqual(before);
  });

  it('pages back through the drawn rounds by keyset, newest first, without repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await trendPage(t, normal, `limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((round) => round.id));
      cursor = page.nextCursor;
    }
    const all = (await trends(t, normal)).rounds.items.map((round) => round.id);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('answers 404 for no such room and 400 for a malformed cursor', async () => {
    const nowhere = '00000000-0000-4000-8000-000000000000';
    expect((await call(t, 'GET', `/rooms/${nowhere}/trends`)).status).toBe(404);
    expect((await call(t, 'GET', `/rooms/${nowhere}/trends/rounds`)).status).toBe(404);
    expect((await call(t, 'GET', `/rooms/${normal}/trends/rounds?cursor=nonsense`)).status).toBe(400);
  });
});

describe.each(DRIVERS)('trend tables with a long history on %s', (driver) => {
  // PGlite (in this process, one connection) is kept to a history that keeps the suite short.
  const history = driver === 'postgres' ? 1_000_000 : 20_000;
  let t: TestApp;
  /** The app's statements with their parameters, to run them again under EXPLAIN ANALYZE. */
  const recorded = new ReplayableWork();
  // Creating the app (a PGlite database in this process) takes a while on a loaded machine.
  beforeAll(async () => {
    t = await createTestApp({ driver, observer: recorded.observer });
    // Every room's first round opens (and with it its fairness chain); none has settled yet.
    await tick(t);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('keeps every window right as rounds leave it: counted one by one equals a rebuild and a recount', {
    timeout: 600_000,
  }, async () => {
    const vip = await roomId(t, 'vip');
    await seedHistory(t, vip, 1100, 37);
    // The seeded rounds counted one at a time through the settlement's statements, oldest first.
    const seeded = await t.database.kysely
      .selectFrom('rounds')
      .select(['id', 'sum'])
      .where('room_id', '=', vip)
      .where('status', '=', 'settled')
      .orderBy('settled_at')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const repository = new TrendsRepository();
    await t.database.kysely.transaction().execute(async (trx) => {
      for (const round of seeded)
        await repository.record(trx, { id: round.id, roomId: vip, sum: round.sum ?? 0 });
    });
    const counted = await keptFigures(t);
    const figures = await trends(t, vip);
    expectFiguresOf(figures, await settledSums(t, vip, 2000), seeded.length, expect);
    expect(figures.fit?.rounds).toBe(1000);
    expect(figures.fit).toEqual(chiSquareFit(figures.windows[1]?.sums.map((entry) => entry.count) ?? []));

    // The migration's count from scratch agrees with the incremental one, row for row.
    await recountFromScratch(t);
    expect(await keptFigures(t)).toEqual(counted);
  });

  it(`answers with the same statements with no history and with ${history} rounds, reading as many rows as with 1,000`, {
    timeout: 900_000,
  }, async () => {
    const room = await roomId(t, 'premier');
    const asked = async (id: string) => {
      recorded.take();
      const answer = await trends(t, id);
      return { answer, ...recorded.take() };
    };
    const fresh = await asked(room);
    expect(fresh.work.filter((entry) => entry.startsWith('sql ')).length).toBe(2);

    // A short history in another room beside it (more than the 100 rounds a page lists): a request
    // about the long one must not read more rows than one about the short one.
    const short = await roomId(t, 'normal');
    await seedHistory(t, short, 1000, 101);
    await seedHistory(t, room, history, 101);
    await recountFromScratch(t);
    const shortRead = await asked(short);
    const longRead = await asked(room);
    expect(shortRead.work).toEqual(fresh.work);
    expect(longRead.work).toEqual(fresh.work);
    const long = longRead.answer;
    if (t.databaseUrl !== null) {
      const rows = {
        short: await rowsRead(t, shortRead.statements),
        long: await rowsRead(t, longRead.statements),
      };
      // The same give or take the rounds not yet drawn that each room's page steps over: its open one,
      // one sealed or drawing. A read that grew with the history would be a million rows or two.
      expect(Math.abs(rows.long - rows.short)).toBeLessThanOrEqual(5);
      // The room, every room's 28 sums at most, the newest 100 rounds and the keyset's look past them.
      expect(rows.long).toBeLessThanOrEqual(400);
    }

    const drawn = history - Math.floor(history / 101);
    expectFiguresOf(long, await settledSums(t, room, 1000), drawn, expect);
    expect(long.rounds.items).toHaveLength(100);
    expect(long.rounds.items[0]?.issue).toBe(`T${history}`);
    // The newest 100 rounds, one after the other, the voided among them (every 101st) shown as voided.
    expect(long.rounds.items.map((round) => round.issue)).toEqual(
      Array.from({ length: 100 }, (_, index) => `T${history - index}`),
    );
    expect(long.rounds.items.map((round) => round.status)).toEqual(
      Array.from({ length: 100 }, (_, index) => ((history - index) % 101 === 0 ? 'void' : 'settled')),
    );

    // One more real round on top of the history: counted by the same few statements, figures still right.
    await finishRound(t, await openRound(t, room));
    const after = await trends(t, room);
    expectFiguresOf(after, await settledSums(t, room, 1000), drawn + 1, expect);
  });
});
