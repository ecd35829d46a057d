/**
 * Lockouts that hold under concurrency: an attempt is reserved on the counter row before its password is
 * checked, so the row also counts the attempts in flight. Failures plus attempts in flight never exceed
 * the budget, however many requests arrive together.
 *
 * Also drops any second-factor enrolment left pending beside an active one: replacing an active second
 * factor now takes a current code to start, and a pending secret from before that rule would skip it.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`alter table login_throttles add column in_flight integer not null default 0`,
  sql`alter table login_throttles add constraint login_throttles_counts_check
    check (failure_count >= 0 and in_flight >= 0)`,
  sql`update operators set totp_pending_secret = null where totp_secret is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
