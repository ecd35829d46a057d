/**
 * Helpers for the trend-table suites: a room's history written straight into `rounds` (a million rounds
 * in one statement), and the figures recomputed the slow way from the rounds themselves, to hold the
 * kept figures against.
 */
import type { RoomTrends } from '@tradehall/contracts';
import { categoriesOf, TREND_SUMS } from '@tradehall/domain';
import { sql } from 'kysely';
import type { TestApp } from './harness.ts';

/**
 * `count` settled rounds of the room before everything it has, numbered T1..Tcount, one second apart
 * and ending a day before the app's clock; every `voidEvery`-th one voided without a draw. The digits are a fixed
 * arithmetic scramble of the round's number, so a run is reproducible.
 */
export async function seedHistory(t: TestApp, room: string, count: number, voidEvery: number): Promise<void> {
  const end = new Date(t.clock.now().getTime() - 86_400_000);
  const chain = await t.database.kysely
    .selectFrom('fairness_chains')
    .select('id')
    .where('room_id', '=', room)
    .executeTakeFirstOrThrow();
  // A million rows is longer than the app's statement timeout allows one statement.
  await t.database.kysely.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`
    insert into rounds (id, room_id, chain_id, chain_index, issue, sequence, status, opens_at, seals_at,
      draws_at, settles_at, settled_at, commitment, hash, digits, sum, created_at)
    select gen_random_uuid(), ${room}, ${chain.id}, (1000000 + g)::int, 'T' || g, 1,
      case when g % ${voidEvery} = 0 then 'void' else 'settled' end,
      at, at, at, at, at, 'seed',
      case when g % ${voidEvery} = 0 then null else 'seed' end,
      case when g % ${voidEvery} = 0 then null
        else array[(g * 7919) % 10, (g * 104729 / 10) % 10, (g * 31337 / 100) % 10]::smallint[] end,
      case when g % ${voidEvery} = 0 then null
        else ((g * 7919) % 10 + (g * 104729 / 10) % 10 + (g * 31337 / 100) % 10)::smallint end,
      at
    from generate_series(1::bigint, ${count}::bigint) g,
      lateral (select ${end}::timestamptz - (${count} - g) * interval '1 second' as at) x
  `.execute(trx);
  });
}

/** The room's settled sums, oldest first, read from the rounds themselves. */
export async function settledSums(t: TestApp, room: string, last: number): Promise<number[]> {
  const rows = await t.database.kysely
    .selectFrom('rounds')
    .select('sum')
    .where('room_id', '=', room)
    .where('status', '=', 'settled')
    .orderBy('settled_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(last)
    .execute();
  return rows.map((row) => row.sum ?? -1).reverse();
}

/** Holds an answer's figures against the same figures counted from `sums` (the last counted rounds). */
export function expectFiguresOf(
  trends: RoomTrends,
  sums: readonly number[],
  drawn: number,
  expect: (actual: unknown) => { toEqual(expected: unknown): void; toBe(expected: unknown): void },
): void {
  expect(trends.drawn).toBe(drawn);
  for (const window of trends.windows) {
    const last = sums.slice(-window.size);
    expect(window.rounds).toBe(Math.min(drawn, window.size));
    expect(window.sums.map((entry) => entry.count)).toEqual(
      TREND_SUMS.map((sum) => last.filter((value) => value === sum).length),
    );
    for (const entry of window.categories) {
      expect(entry.count).toBe(last.filter((sum) => categoriesOf(sum).includes(entry.category)).length);
    }
  }
  const since = (matches: (sum: number) => boolean) => {
    const index = sums.findLastIndex(matches);
    return index < 0 ? null : sums.length - 1 - index;
  };
  for (const entry of trends.omission.sums) {
    const omission = since((sum) => sum === entry.sum);
    // Not seen within `sums`: only the longer history can say, so only "at least" holds.
    if (omission !== null) expect(entry.omission).toBe(omission);
  }
  for (const entry of trends.omission.categories) {
    const omission = since((sum) => categoriesOf(sum).includes(entry.category));
    if (omission !== null) expect(entry.omission).toBe(omission);
  }
}
