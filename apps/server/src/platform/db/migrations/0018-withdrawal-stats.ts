/**
 * Withdrawals in the open (decision 0036): two partial indexes so that the public queue figures stay a
 * range read with a million withdrawals.
 *
 * - The decided ones by decision time, carrying what a window needs (status, request time): the 24 h,
 *   7 and 30 day figures read only the window's rows, from the index alone.
 * - The pending ones in queue order (request time, then id), carrying the amount: the pending count,
 *   amount and oldest request, and a user's place (how many pending are ahead), read only pending rows.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`create index withdrawals_decided_idx on withdrawals (decided_at) include (status, created_at)
    where status <> 'pending'`,
  sql`create index withdrawals_pending_queue_idx on withdrawals (created_at, id) include (amount)
    where status = 'pending'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
