/**
 * The reality check's figures kept as they happen (docs/decisions/0041-reality-check-counters.md): a
 * user's stakes of all time beside their period figures in `play_usage`, their payouts of all time in
 * `play_payouts`, added by the same trigger functions of migration 0017 in the writing transaction. A
 * session's figures are the difference of two readings (one at its start, one when the check is due),
 * so the request reads two rows whatever the player's history; summing the session's positions per
 * request grew with the session.
 *
 * The functions are those of 0017 with one more column each; the totals start from a count of the
 * positions written before this migration (rows of users with no figures yet get period starts of
 * 1970, an old period every reader counts as zero).
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`alter table play_usage add column total_staked bigint not null default 0`,
  sql`alter table play_payouts add column total_paid bigint not null default 0`,
  sql`create or replace function play_usage_add(p_user uuid, p_at timestamptz, p_deposited bigint,
      p_staked bigint)
    returns void language plpgsql as $$
    declare
      d date := (p_at at time zone 'UTC')::date;
      w date := date_trunc('week', p_at at time zone 'UTC')::date;
      m date := date_trunc('month', p_at at time zone 'UTC')::date;
    begin
      insert into play_usage as u (user_id, day_start, day_deposited, day_staked, week_start,
          week_deposited, week_staked, month_start, month_deposited, month_staked, total_staked)
        values (p_user, d, greatest(p_deposited, 0), greatest(p_staked, 0), w, greatest(p_deposited, 0),
          greatest(p_staked, 0), m, greatest(p_deposited, 0), greatest(p_staked, 0), greatest(p_staked, 0))
      on conflict (user_id) do update set
        day_deposited = case when u.day_start = d then greatest(u.day_deposited + p_deposited, 0)
          when u.day_start < d then greatest(p_deposited, 0) else u.day_deposited end,
        day_staked = case when u.day_start = d then greatest(u.day_staked + p_staked, 0)
          when u.day_start < d then greatest(p_staked, 0) else u.day_staked end,
        day_start = greatest(u.day_start, d),
        week_deposited = case when u.week_start = w then greatest(u.week_deposited + p_deposited, 0)
          when u.week_start < w then greatest(p_deposited, 0) else u.week_deposited end,
        week_staked = case when u.week_start = w then greatest(u.week_staked + p_staked, 0)
          when u.week_start < w then greatest(p_staked, 0) else u.week_staked end,
        week_start = greatest(u.week_start, w),
        month_deposited = case when u.month_start = m then greatest(u.month_deposited + p_deposited, 0)
          when u.month_start < m then greatest(p_deposited, 0) else u.month_deposited end,
        month_staked = case when u.month_start = m then greatest(u.month_staked + p_staked, 0)
          when u.month_start < m then greatest(p_staked, 0) else u.month_staked end,
        month_start = greatest(u.month_start, m),
        total_staked = u.total_staked + greatest(p_staked, 0);
    end
  $$`,
  sql`create or replace function play_payouts_add(p_user uuid, p_at timestamptz, p_paid bigint)
    returns void language plpgsql as $$
    declare
      d date := (p_at at time zone 'UTC')::date;
      w date := date_trunc('week', p_at at time zone 'UTC')::date;
      m date := date_trunc('month', p_at at time zone 'UTC')::date;
    begin
      insert into play_payouts as u (user_id, day_start, day_paid, week_start, week_paid, month_start,
          month_paid, total_paid)
        values (p_user, d, greatest(p_paid, 0), w, greatest(p_paid, 0), m, greatest(p_paid, 0),
          greatest(p_paid, 0))
      on conflict (user_id) do update set
        day_paid = case when u.day_start = d then greatest(u.day_paid + p_paid, 0)
          when u.day_start < d then greatest(p_paid, 0) else u.day_paid end,
        day_start = greatest(u.day_start, d),
        week_paid = case when u.week_start = w then greatest(u.week_paid + p_paid, 0)
          when u.week_start < w then greatest(p_paid, 0) else u.week_paid end,
        week_start = greatest(u.week_start, w),
        month_paid = case when u.month_start = m then greatest(u.month_paid + p_paid, 0)
          when u.month_start < m then greatest(p_paid, 0) else u.month_paid end,
        month_start = greatest(u.month_start, m),
        total_paid = u.total_paid + greatest(p_paid, 0);
    end
  $$`,
  sql`insert into play_usage as u (user_id, day_start, week_start, month_start, total_staked)
    select user_id, date '1970-01-01', date '1969-12-29', date '1970-01-01', sum(amount)::bigint
    from positions group by user_id
    on conflict (user_id) do update set total_staked = excluded.total_staked`,
  sql`insert into play_payouts as u (user_id, day_start, week_start, month_start, total_paid)
    select user_id, date '1970-01-01', date '1969-12-29', date '1970-01-01', sum(payout)::bigint
    from positions where status <> 'open' and payout > 0 group by user_id
    on conflict (user_id) do update set total_paid = excluded.total_paid`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
