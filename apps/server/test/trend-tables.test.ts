/**
 * The trend tables over HTTP, on the real engine and settlement: a round counts once it is settled and
 * never when voided, every figure equals the same figure counted from the rounds themselves (across the
 * 100- and 1,000-round windows), the counts survive a second settlement attempt and match a rebuild
 * from scratch, the drawn rounds page by keyset, and a request is the same statements with no history
 * and with 200,000 rounds on PostgreSQL (20,000 on PGlite, to keep the suite short).
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
import { finishRound, openRound, roomId, roundsOf, tick } from './trading.ts';
import { expectFiguresOf, seedHistory, settledSums } from './trend-support.ts';
import { WorkLog } from './work-log.ts';

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
  await t.database.kysely.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`delete from trend_sums`.execute(trx);
    await sql`delete from trend_rooms`.execute(trx);
    await sql`delete from trend_draws`.execute(trx);
    await countSettledRounds(trx);
  });
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
  // A million rounds outlasts the PostgreSQL client's read timeout in one seeding statement on this shared machine.
  const history = driver === 'postgres' ? 200_000 : 20_000;
  let t: TestApp;
  const log = new WorkLog();
  beforeAll(async () => {
    t = await createTestApp({ driver, observer: log });
    // Every room's first round opens (and with it its fairness chain); none has settled yet.
    await tick(t);
  });
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

  it(`answers with the same statements with no history and with ${history} rounds`, {
    timeout: 600_000,
  }, async () => {
    const room = await roomId(t, 'premier');
    log.take();
    await trends(t, room);
    const fresh = log.take();
    expect(fresh.filter((entry) => entry.startsWith('sql ')).length).toBe(2);

    await seedHistory(t, room, history, 101);
    await recountFromScratch(t);
    log.take();
    const long = await trends(t, room);
    expect(log.take()).toEqual(fresh);

    const drawn = history - Math.floor(history / 101);
    expectFiguresOf(long, await settledSums(t, room, 1000), drawn, expect);
    expect(long.rounds.items).toHaveLength(100);
    expect(long.rounds.items[0]?.issue).toBe(`T${history}`);
    expect(long.rounds.items.find((round) => round.issue === `T${history - (history % 101)}`)?.status).toBe(
      'void',
    );

    // One more real round on top of the history: counted by the same few statements, figures still right.
    await finishRound(t, await openRound(t, room));
    const after = await trends(t, room);
    expectFiguresOf(after, await settledSums(t, room, 1000), drawn + 1, expect);
  });
});
