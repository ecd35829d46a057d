/**
 * The team page's totals kept per referrer (docs/decisions/0043-team-totals-and-proof-bytes.md), so that
 * the page reads one row of each however many days the referrer has:
 * - `referral_referrer_turnover`: the settled turnover of the referrer's invitees per level, of all
 *   time; added to by the accrual statement (`ReferralsRepository.accrueRound`) from the same rows it
 *   adds to `referral_accruals`, in settlement's transaction.
 * - `referral_referrer_paid`: the rewards paid to the referrer, of all time; added to by the statement
 *   that inserts a payment chunk's `referral_rewards` rows (`ReferralsRepository.rewardChunk`).
 * Two tables, not one row: settlement locks a referrer's turnover row, a payment chunk its paid row for
 * the whole chunk's transaction; apart, neither ever waits for the other.
 *
 * Both start from a count of the rows already there (`countReferrerTotals`, also the tests' recount).
 */
import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

const tables = [
  sql`create table referral_referrer_turnover (
    referrer_id uuid primary key,
    level1 bigint not null default 0 check (level1 >= 0),
    level2 bigint not null default 0 check (level2 >= 0)
  )`,
  sql`create table referral_referrer_paid (
    referrer_id uuid primary key,
    paid bigint not null default 0 check (paid >= 0)
  )`,
];

/** Counts every accrual and reward already written, into empty totals tables. */
export async function countReferrerTotals(db: QueryExecutorProvider): Promise<void> {
  await sql`insert into referral_referrer_turnover (referrer_id, level1, level2)
    select referrer_id, coalesce(sum(turnover) filter (where level = 1), 0),
      coalesce(sum(turnover) filter (where level = 2), 0)
    from referral_accruals group by referrer_id`.execute(db);
  await sql`insert into referral_referrer_paid (referrer_id, paid)
    select referrer_id, sum(amount) from referral_rewards group by referrer_id`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of tables) await statement.execute(db);
  await countReferrerTotals(db);
}
