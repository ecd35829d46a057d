/**
 * Figures the reads show, kept up to date by the writes that change them, so that no read counts or sums
 * history (DESIGN §9 reads: flat in history and in room size):
 * - a user's cash account carries what it was ever credited by deposits and debited by stakes (the
 *   withdrawable rule's turnover), changed in the very UPDATE that moves its balance;
 * - `round_figures`: per round, its distinct users, positions and stakes so far;
 * - `daily_figures`: per UTC day, stakes placed and distinct users with a position that day.
 * The last two are kept by a statement-level trigger on positions (every insert path: the batch, the
 * one-transaction path, a test's direct insert), in the inserting transaction. A user's "first position
 * of the round / of the day" is decided with a fresh snapshot after the inserting transaction already
 * holds the user's cash account (every path debits it before inserting the position), so two
 * placements of one user can never both count as the first.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`alter table ledger_accounts add column total_deposited bigint not null default 0,
    add column total_staked bigint not null default 0`,
  sql`update ledger_accounts a set
      total_deposited = coalesce((select sum(t.amount) from ledger_transfers t
        where t.credit_account_id = a.id and t.code = 'deposit'), 0),
      total_staked = coalesce((select sum(t.amount) from ledger_transfers t
        where t.debit_account_id = a.id and t.code = 'stake'), 0)
    where a.kind = 'user_cash'`,

  sql`create table round_figures (
    round_id uuid primary key references rounds (id),
    user_count integer not null default 0 check (user_count >= 0),
    position_count integer not null default 0 check (position_count >= 0),
    stake_total bigint not null default 0 check (stake_total >= 0)
  )`,
  sql`insert into round_figures (round_id, user_count, position_count, stake_total)
    select round_id, count(distinct user_id), count(*), sum(amount) from positions group by round_id`,

  sql`create table daily_figures (
    day date primary key,
    volume bigint not null default 0 check (volume >= 0),
    user_count integer not null default 0 check (user_count >= 0)
  )`,
  sql`insert into daily_figures (day, volume, user_count)
    select (created_at at time zone 'UTC')::date, sum(amount), count(distinct user_id)
    from positions group by 1`,

  // A (round, user) or (day, user) of the new rows is new when the table holds no more of its positions
  // than the statement added (the trigger runs after the insert, so they are in the table too); the
  // lookups stop after one row more than was added, so a bulk insert costs the same per row as one.
  sql`create function positions_keep_figures() returns trigger language plpgsql as $$
    begin
      insert into round_figures as f (round_id, user_count, position_count, stake_total)
        select g.round_id,
          count(*) filter (where (select count(*) from (select 1 from positions p
            where p.round_id = g.round_id and p.user_id = g.user_id limit g.added + 1) e) = g.added),
          sum(g.added), sum(g.staked)
        from (select round_id, user_id, count(*) as added, sum(amount) as staked
          from new_positions group by round_id, user_id) g
        group by g.round_id
      on conflict (round_id) do update set
        user_count = f.user_count + excluded.user_count,
        position_count = f.position_count + excluded.position_count,
        stake_total = f.stake_total + excluded.stake_total;
      insert into daily_figures as f (day, volume, user_count)
        select g.day,
          sum(g.staked),
          count(*) filter (where (select count(*) from (select 1 from positions p
            where p.user_id = g.user_id and p.created_at >= g.day::timestamp at time zone 'UTC'
              and p.created_at < (g.day + 1)::timestamp at time zone 'UTC'
            limit g.added + 1) e) = g.added)
        from (select (created_at at time zone 'UTC')::date as day, user_id, count(*) as added,
            sum(amount) as staked
          from new_positions group by 1, 2) g
        group by g.day
      on conflict (day) do update set
        volume = f.volume + excluded.volume,
        user_count = f.user_count + excluded.user_count;
      return null;
    end
  $$`,
  sql`create trigger positions_keep_figures
    after insert on positions referencing new table as new_positions
    for each statement execute function positions_keep_figures()`,

  // The pending items of My account, read without scanning a user's whole deposit and withdrawal history.
  sql`create index deposits_user_pending_idx on deposits (user_id) where status = 'pending'`,
  sql`create index withdrawals_user_pending_idx on withdrawals (user_id) where status = 'pending'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
