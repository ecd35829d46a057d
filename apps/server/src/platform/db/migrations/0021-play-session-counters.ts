/**
 * The reality check's figures kept as they happen (docs/decisions/0041-break-at-login-and-session-counters.md): a
 * user's stakes of all time beside their period figures in `play_usage`, their payouts of all time in
 * `play_payouts`, added by the same trigger functions of migration 0017 in the writing transaction. A
 * session's figures are the difference of two readings (one at its start, one when the check is due),
 * so the request reads two rows whatever the player's history; summing the session's positions per
 * request grew with the session.
 *
 * The functions are those of 0017 (its `adder`) with one more column each; the totals start from a
 * count of the positions written before this migration (rows of users with no figures yet get period
 * starts of 1970, an old period every reader counts as zero).
 */
import { type Kysely, sql } from 'kysely';
import { adder } from './0017-play-limits.ts';

const statements = [
  sql`alter table play_usage add column total_staked bigint not null default 0`,
  sql`alter table play_payouts add column total_paid bigint not null default 0`,
  adder('play_usage_add', 'play_usage', ['deposited', 'staked'], {
    column: 'total_staked',
    figure: 'staked',
  }),
  adder('play_payouts_add', 'play_payouts', ['paid'], { column: 'total_paid', figure: 'paid' }),
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
