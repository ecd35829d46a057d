/** The dashboard's own SQL: who was active since an instant. */
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

export class DashboardRepository {
  /** Distinct users seen on a session, or who placed a position, since `since`. */
  async activeUsersSince(executor: Executor, since: Date): Promise<number> {
    const result = await sql<{ n: number }>`
      select count(*) as n from (
        select user_id from sessions where last_seen_at >= ${since}
        union
        select user_id from positions where created_at >= ${since}
      ) active
    `.execute(executor);
    return result.rows[0]?.n ?? 0;
  }
}
