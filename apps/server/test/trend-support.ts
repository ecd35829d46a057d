/**
 * Helpers for the trend-table suites: a room's history written straight into `rounds` (a million rounds
 * in one statement), and the figures recomputed the slow way from the rounds themselves, to hold the
 * kept figures against.
 */
import type { RoomTrends } from '@tradehall/contracts';
import { categoriesOf, TREND_SUMS } from '@tradehall/domain';
import { type Kysely, sql } from 'kysely';
import { openPostgres } from '../src/platform/db/database.ts';
import type { DB } from '../src/platform/db/schema.ts';
import { createLogger } from '../src/platform/logger.ts';
import type { TestApp } from './harness.ts';

/**
 * Runs `work` on this app's database without the app's statement time limits: on PostgreSQL through a
 * connection of its own (the app's pool gives up on a statement after its timeout, on the client side
 * too, whatever `statement_timeout` a transaction sets), on PGlite on the app's own.
 */
export async function withoutTimeLimits(t: TestApp, work: (db: Kysely<DB>) => Promise<void>): Promise<void> {
  if (t.databaseUrl === null) return work(t.database.kysely);
  const own = openPostgres(t.databaseUrl, createLogger('silent'), { statementTimeoutMs: 0, poolSize: 1 });
  try {
    await work(own.kysely);
  } finally {
    await own.close();
  }
}

/**
 * `count` settled rounds of the room before everything it has, numbered T1..Tcount, one second apart
 * and ending a day before the app's clock; every `voidEvery`-th one voided without a draw. The digits are a fixed
 * arithmetic scramble of the round's number, so a run is reproducible.
 *
 * One INSERT ... SELECT over generate_series, made cheap enough for a million rows: the ids grow with
 * the round's number (the last eight hex digits of the room's id, then the number), so the primary key is
 * appended to instead of written at random pages; and the foreign keys of the rows (the room and its
 * chain, read just above) are not checked row by row (`session_replication_role = replica`, for this
 * transaction only: rounds have no trigger of their own that this would skip).
 */
export async function seedHistory(t: TestApp, room: string, count: number, voidEvery: number): Promise<void> {
  const end = new Date(t.clock.now().getTime() - 86_400_000);
  const chain = await t.database.kysely
    .selectFrom('fairness_chains')
    .select('id')
    .where('room_id', '=', room)
    .executeTakeFirstOrThrow();
  await withoutTimeLimits(t, (db) =>
    db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`
      insert into rounds (id, room_id, chain_id, chain_index, issue, sequence, status, opens_at, seals_at,
        draws_at, settles_at, settled_at, commitment, hash, digits, sum, created_at)
      select (right(${room}::text, 8) || '-0000-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, ${room},
        ${chain.id}, (1000000 + g)::int, 'T' || g, 1,
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
    }),
  );
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
