/** The dashboard's own SQL: who was active since an instant. */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

export class DashboardRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Distinct users seen on a session, or who placed a position, since `since`. */
  async activeUsersSince(since: Date): Promise<number> {
    const result = await sql<{ n: number }>`
      select count(*)::int as n from (
        select user_id from sessions where last_seen_at >= ${since}
        union
        select user_id from positions where created_at >= ${since}
      ) active
    `.execute(this.db);
    return result.rows[0]?.n ?? 0;
  }
}
