/**
 * Lockouts that hold under concurrency: an attempt is reserved on the counter row before its password is
 * checked, so the row also counts the attempts in flight. Failures plus attempts in flight never exceed
 * the budget, however many requests arrive together.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`alter table login_throttles add column in_flight integer not null default 0`,
  sql`alter table login_throttles add constraint login_throttles_counts_check
    check (failure_count >= 0 and in_flight >= 0)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
