/**
 * Play limits, breaks and the reality check (docs/decisions/0032-play-limits.md).
 *
 * - `play_limits`: a player's own limits, one row per kind; a raise or removal waits in pending_*.
 * - `play_breaks`: cool-offs and self-exclusions; the latest end is the one in force. Rows are never
 *   updated nor deleted (the table refuses it), so nobody lifts a break early.
 * - `play_settings`: the reality check's interval (null: off).
 * - `play_usage` and `play_payouts`: per user, what the current UTC day, week and month counted so far —
 *   deposits asked for and stakes placed, payouts received — kept by triggers on positions and deposits (every path that
 *   writes them: the placement batch, the one-transaction path, settlement, refunds, deposit requests
 *   and their rejection), in the writing transaction. The row's lock is what orders two placements or
 *   deposits of one player: each checks its limits after its own figures were added under that lock.
 *   A figure for a period older than the row's is dropped; a newer period starts from zero.
 */
import { type Kysely, sql } from 'kysely';

const LIMIT_KINDS = sql.raw(
  "'deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'stake_round'",
);
const BREAK_KINDS = sql.raw(
  "'cool_off_24h', 'cool_off_7d', 'cool_off_6w', 'exclusion_6m', 'exclusion_1y', 'exclusion_5y'",
);

/** The columns of one period's figures, each beside its start: `day_start`, `day_deposited`... */
const columns = (figures: readonly string[]) =>
  ['day', 'week', 'month'].flatMap((name) => [`${name}_start`, ...figures.map((f) => `${name}_${f}`)]);

/**
 * A function adding amounts to a user's figures of the periods holding p_at: the figures of a newer
 * period start from them, those of an older period than the row's are dropped; a figure never goes
 * below zero (a rejected deposit asked for before these figures were kept). With `total`, it also adds
 * one figure to a counter of all time (migration 0021 replaces the functions so).
 */
export function adder(
  name: string,
  table: string,
  figures: readonly string[],
  total?: { column: string; figure: string },
) {
  const values = ['d', ...figures.map((f) => `greatest(p_${f}, 0)`)];
  const updates = ['day:d', 'week:w', 'month:m'].flatMap((entry) => {
    const [period, start] = entry.split(':') as [string, string];
    return [
      ...figures.map(
        (
          f,
        ) => `${period}_${f} = case when u.${period}_start = ${start} then greatest(u.${period}_${f} + p_${f}, 0)
          when u.${period}_start < ${start} then greatest(p_${f}, 0) else u.${period}_${f} end`,
      ),
      `${period}_start = greatest(u.${period}_start, ${start})`,
    ];
  });
  const insertColumns = [...columns(figures), ...(total ? [total.column] : [])];
  const insertValues = [
    ...[values, values.map((v) => (v === 'd' ? 'w' : v)), values.map((v) => (v === 'd' ? 'm' : v))].flat(),
    ...(total ? [`greatest(p_${total.figure}, 0)`] : []),
  ];
  if (total) updates.push(`${total.column} = u.${total.column} + greatest(p_${total.figure}, 0)`);
  return sql.raw(`create ${total ? 'or replace ' : ''}function ${name}(p_user uuid, p_at timestamptz, ${figures.map((f) => `p_${f} bigint`).join(', ')})
    returns void language plpgsql as $$
    declare
      d date := (p_at at time zone 'UTC')::date;
      w date := date_trunc('week', p_at at time zone 'UTC')::date;
      m date := date_trunc('month', p_at at time zone 'UTC')::date;
    begin
      insert into ${table} as u (user_id, ${insertColumns.join(', ')})
        values (p_user, ${insertValues.join(', ')})
      on conflict (user_id) do update set ${updates.join(',\n        ')};
    end
  $$`);
}

/** The table of a user's figures per period. */
function figuresTable(table: string, figures: readonly string[]) {
  const definitions = columns(figures).map((column) =>
    column.endsWith('_start') ? `${column} date not null` : `${column} bigint not null default 0`,
  );
  return sql.raw(`create table ${table} (
    user_id uuid primary key references users (id),
    ${definitions.join(',\n    ')}
  )`);
}

const statements = [
  sql`create table play_limits (
    user_id uuid not null references users (id),
    kind text not null check (kind in (${LIMIT_KINDS})),
    amount bigint check (amount >= 0),
    pending_amount bigint check (pending_amount >= 0),
    pending_from timestamptz,
    updated_at timestamptz not null,
    primary key (user_id, kind),
    check (pending_from is not null or pending_amount is null)
  )`,
  sql`create table play_breaks (
    id uuid primary key,
    user_id uuid not null references users (id),
    kind text not null check (kind in (${BREAK_KINDS})),
    starts_at timestamptz not null,
    ends_at timestamptz not null check (ends_at > starts_at)
  )`,
  sql`create index play_breaks_user_idx on play_breaks (user_id, ends_at desc)`,
  sql`create function play_breaks_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'a break is never changed nor lifted';
    end
  $$`,
  sql`create trigger play_breaks_refuse_change before update or delete on play_breaks
    for each row execute function play_breaks_refuse_change()`,
  sql`create table play_settings (
    user_id uuid primary key references users (id),
    reality_check_minutes smallint check (reality_check_minutes in (15, 30, 45, 60, 90, 120)),
    updated_at timestamptz not null
  )`,
  // Payouts have their own row: settlement adds to it without taking the lock that orders placements
  // (a placement holds the user's cash account, then its usage row; settlement marks positions, then
  // credits the accounts), and a placement reading a payout one moment late only errs on the safe side.
  figuresTable('play_usage', ['deposited', 'staked']),
  figuresTable('play_payouts', ['paid']),
  adder('play_usage_add', 'play_usage', ['deposited', 'staked']),
  adder('play_payouts_add', 'play_payouts', ['paid']),
  sql`create function positions_keep_play_usage() returns trigger language plpgsql as $$
    declare r record;
    begin
      if tg_op = 'INSERT' then
        for r in select user_id, created_at as at, sum(amount)::bigint as amount from new_positions
            group by user_id, created_at order by user_id loop
          perform play_usage_add(r.user_id, r.at, 0, r.amount);
        end loop;
      else
        for r in select n.user_id, n.settled_at as at, sum(n.payout)::bigint as amount
            from new_positions n join old_positions o on o.id = n.id
            where o.status = 'open' and n.status <> 'open' and n.payout > 0
            group by n.user_id, n.settled_at order by n.user_id loop
          perform play_payouts_add(r.user_id, r.at, r.amount);
        end loop;
      end if;
      return null;
    end
  $$`,
  sql`create trigger positions_keep_play_usage_insert
    after insert on positions referencing new table as new_positions
    for each statement execute function positions_keep_play_usage()`,
  sql`create trigger positions_keep_play_usage_update
    after update on positions referencing old table as old_positions new table as new_positions
    for each statement execute function positions_keep_play_usage()`,
  // A deposit counts from the moment it is asked for (the limit is checked then); a rejected one gives
  // its amount back to the period it was asked in.
  sql`create function deposits_keep_play_usage() returns trigger language plpgsql as $$
    declare r record;
    begin
      if tg_op = 'INSERT' then
        for r in select user_id, created_at as at, sum(amount)::bigint as amount from new_deposits
            group by user_id, created_at order by user_id loop
          perform play_usage_add(r.user_id, r.at, r.amount, 0);
        end loop;
      else
        for r in select n.user_id, n.created_at as at, sum(n.amount)::bigint as amount
            from new_deposits n join old_deposits o on o.id = n.id
            where o.status = 'pending' and n.status = 'rejected'
            group by n.user_id, n.created_at order by n.user_id loop
          perform play_usage_add(r.user_id, r.at, -r.amount, 0);
        end loop;
      end if;
      return null;
    end
  $$`,
  sql`create trigger deposits_keep_play_usage_insert
    after insert on deposits referencing new table as new_deposits
    for each statement execute function deposits_keep_play_usage()`,
  sql`create trigger deposits_keep_play_usage_update
    after update on deposits referencing old table as old_deposits new table as new_deposits
    for each statement execute function deposits_keep_play_usage()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
