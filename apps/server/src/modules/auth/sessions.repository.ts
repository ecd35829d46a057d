/** User sessions: the token is stored only as its sha256. */
import { type Selectable, sql } from 'kysely';
import { PREPARED } from '../../platform/db/database.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { SessionsTable, UserStatus } from '../../platform/db/schema.ts';
import type { NewSessionColumns } from '../../platform/session-issue.ts';

export type SessionRow = Selectable<SessionsTable>;

export interface SessionWithUser {
  id: string;
  user_id: string;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  username: string;
  status: UserStatus;
}

export class SessionsRepository {
  insert(executor: Executor, userId: string, columns: NewSessionColumns): Promise<SessionRow> {
    return executor
      .insertInto('sessions')
      .values({ user_id: userId, ...columns })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Every authenticated request runs this: a prepared statement on PostgreSQL (planned once). */
  async findByTokenHash(executor: Executor, tokenHash: string): Promise<SessionWithUser | undefined> {
    const result = await sql<SessionWithUser>`${PREPARED}
      select s.id, s.user_id, s.last_seen_at, s.expires_at, s.revoked_at, u.username, u.status
      from sessions s join users u on u.id = s.user_id
      where s.token_hash = ${tokenHash}
    `.execute(executor);
    return result.rows[0];
  }

  async touch(executor: Executor, id: string, now: Date): Promise<void> {
    await executor.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  /** Revokes one of the user's own live sessions; false when there is none with that id. */
  async revokeOwned(executor: Executor, id: string, userId: string, now: Date): Promise<boolean> {
    const result = await executor
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Revokes every live session of a user, except one when given (the session making the change). */
  async revokeAllForUser(
    executor: Executor,
    userId: string,
    now: Date,
    exceptSessionId?: string,
  ): Promise<number> {
    let query = executor
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId) query = query.where('id', '<>', exceptSessionId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  listLive(executor: Executor, userId: string, now: Date): Promise<SessionRow[]> {
    return executor
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .execute();
  }
}
