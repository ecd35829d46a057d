/**
 * The trend tables' figures, kept as rounds settle so that the Trend tab reads a fixed handful of rows
 * however long a room's history (docs/decisions/0031-trend-tables-omission-chi-square.md):
 * - `trend_rooms`: per room, how many settled rounds count (voided ones never do);
 * - `trend_draws`: each counted round's sum under its 1-based index in the room, so the round leaving a
 *   100- or 1,000-round window is one primary-key probe away;
 * - `trend_sums`: per room and sum 0-27 (all 28 rows from the room's first counted round on), the index
 *   of the last counted round with that sum (0: never) and its count in the last 100 and 1,000 counted
 *   rounds.
 * All three are written only in the settlement's transaction (TrendsRepository.record). Rounds settled
 * before this migration are counted here, in settlement order.
 */
import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

const tables = [
  sql`create table trend_rooms (
    room_id uuid primary key references rooms (id),
    drawn bigint not null default 0 check (drawn >= 0)
  )`,
  sql`create table trend_draws (
    room_id uuid not null references rooms (id),
    seq bigint not null check (seq >= 1),
    round_id uuid not null unique references rounds (id),
    sum smallint not null check (sum between 0 and 27),
    primary key (room_id, seq)
  )`,
  sql`create table trend_sums (
    room_id uuid not null references rooms (id),
    sum smallint not null check (sum between 0 and 27),
    last_seq bigint not null default 0 check (last_seq >= 0),
    in_100 integer not null default 0 check (in_100 between 0 and 100),
    in_1000 integer not null default 0 check (in_1000 between 0 and 1000),
    primary key (room_id, sum)
  )`,
];

/** Counts every settled round already in `rounds`, into empty trend tables. */
export async function countSettledRounds(db: QueryExecutorProvider): Promise<void> {
  await sql`insert into trend_draws (room_id, seq, round_id, sum)
    select room_id, row_number() over (partition by room_id order by settled_at, created_at, id), id, sum
    from rounds where status = 'settled' and sum is not null`.execute(db);
  await sql`insert into trend_rooms (room_id, drawn)
    select rm.id, coalesce((select max(d.seq) from trend_draws d where d.room_id = rm.id), 0)
    from rooms rm`.execute(db);
  // Every sum of every room with a counted round gets its row, a sum that never came included.
  await sql`insert into trend_sums (room_id, sum, last_seq, in_100, in_1000)
    select t.room_id, g.sum, coalesce(max(d.seq), 0),
      count(d.seq) filter (where d.seq > t.drawn - 100), count(d.seq) filter (where d.seq > t.drawn - 1000)
    from trend_rooms t cross join generate_series(0, 27) g (sum)
    left join trend_draws d on d.room_id = t.room_id and d.sum = g.sum
    where t.drawn > 0
    group by t.room_id, g.sum`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of tables) await statement.execute(db);
  await countSettledRounds(db);
}
