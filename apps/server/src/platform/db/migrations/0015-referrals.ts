/**
 * Referral rewards (decision 0030):
 * - `referral_programmes`: the programme in force from a business day on (a change is a new row for the
 *   next day, so a day's rule is fixed before it starts); `referral_overrides` the same per referrer.
 * - `referral_invitee_days` / `referral_invitee_totals`: an invitee's settled turnover and expected edge
 *   per business day and in total; `referral_accruals`: per referrer, day and level, the sums and how
 *   many invitees played. All three are added to set-wise by settlement, in its transaction.
 * - `referral_members`: how many invitees each user has per level, kept by a users insert trigger, so
 *   the team page reads counts instead of walking the tree.
 * - `referral_rewards`: one row per referrer, day and level paid, written in the same transaction as its
 *   ledger transfer (its id is the transfer's reference), unique: a day is never paid twice.
 * - `referral_pay_days`: which days have been paid in full.
 * - the ledger code `referral`.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`create table referral_programmes (
    effective_from date primary key,
    mode text not null check (mode in ('off', 'one_level', 'two_levels')),
    level1_rate_bps integer not null check (level1_rate_bps between 0 and 10000),
    level2_rate_bps integer not null check (level2_rate_bps between 0 and 10000),
    daily_cap bigint not null check (daily_cap >= 0),
    changed_by uuid references operators (id),
    changed_at timestamptz not null,
    check (mode <> 'two_levels' or level1_rate_bps + level2_rate_bps <= 10000)
  )`,
  sql`create table referral_overrides (
    user_id uuid not null references users (id),
    effective_from date not null,
    excluded boolean not null,
    level1_rate_bps integer check (level1_rate_bps between 0 and 10000),
    level2_rate_bps integer check (level2_rate_bps between 0 and 10000),
    reason text not null check (length(reason) between 1 and 500),
    changed_by uuid not null references operators (id),
    changed_at timestamptz not null,
    primary key (user_id, effective_from)
  )`,
  sql`create table referral_invitee_days (
    invitee_id uuid not null,
    day date not null,
    turnover bigint not null check (turnover >= 0),
    edge_units bigint not null check (edge_units >= 0),
    primary key (invitee_id, day)
  )`,
  sql`create table referral_invitee_totals (
    invitee_id uuid primary key,
    turnover bigint not null check (turnover >= 0),
    edge_units bigint not null check (edge_units >= 0)
  )`,
  sql`create table referral_accruals (
    referrer_id uuid not null,
    day date not null,
    level smallint not null check (level in (1, 2)),
    turnover bigint not null check (turnover >= 0),
    edge_units bigint not null check (edge_units >= 0),
    invitees integer not null check (invitees >= 0),
    primary key (day, referrer_id, level)
  )`,
  sql`create index referral_accruals_referrer on referral_accruals (referrer_id, day desc)`,
  sql`create table referral_members (
    user_id uuid primary key,
    level1 integer not null default 0 check (level1 >= 0),
    level2 integer not null default 0 check (level2 >= 0)
  )`,
  sql`insert into referral_members (user_id, level1, level2)
    select u.id,
      (select count(*) from users c where c.inviter_id = u.id),
      (select count(*) from users c join users g on g.inviter_id = c.id where c.inviter_id = u.id)
    from users u`,
  sql`create function users_keep_referral_members() returns trigger language plpgsql as $$
    begin
      insert into referral_members (user_id) select id from new_users on conflict do nothing;
      insert into referral_members as m (user_id, level1, level2)
        select r.referrer, sum(r.l1), sum(r.l2) from (
          select n.inviter_id as referrer, 1 as l1, 0 as l2 from new_users n where n.inviter_id is not null
          union all
          select i.inviter_id, 0, 1 from new_users n join users i on i.id = n.inviter_id
          where i.inviter_id is not null
        ) r group by r.referrer order by r.referrer
      on conflict (user_id) do update set level1 = m.level1 + excluded.level1,
        level2 = m.level2 + excluded.level2;
      return null;
    end $$`,
  sql`create trigger users_keep_referral_members after insert on users
    referencing new table as new_users for each statement execute function users_keep_referral_members()`,
  sql`create table referral_rewards (
    id uuid primary key,
    referrer_id uuid not null references users (id),
    day date not null,
    level smallint not null check (level in (1, 2)),
    invitees integer not null check (invitees >= 0),
    edge_units bigint not null check (edge_units >= 0),
    rate_bps integer not null check (rate_bps between 0 and 10000),
    amount bigint not null check (amount > 0),
    paid_at timestamptz not null,
    unique (referrer_id, day, level)
  )`,
  sql`create index referral_rewards_day on referral_rewards (day, amount desc)`,
  sql`create table referral_pay_days (
    day date primary key,
    referrers integer not null,
    total bigint not null,
    finished_at timestamptz not null
  )`,
  sql`alter table ledger_transfers drop constraint ledger_transfers_code_check`,
  sql`alter table ledger_transfers add constraint ledger_transfers_code_check
    check (code in ('deposit', 'withdrawal_hold', 'withdrawal_refund', 'withdrawal_paid',
      'stake', 'payout', 'stake_lost', 'refund', 'adjustment', 'referral'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
