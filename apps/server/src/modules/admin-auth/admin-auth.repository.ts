/** Operators and their sessions (a separate table from user sessions: the two never mix). */
import { type Kysely, sql } from 'kysely';
import type { DB, OperatorRoleColumn, OperatorRow, UserStatus } from '../../platform/db/schema.ts';

export interface OperatorSessionWithOperator {
  id: string;
  operator_id: string;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  username: string;
  role: OperatorRoleColumn;
  status: UserStatus;
}

export class AdminAuthRepository {
  constructor(private readonly db: Kysely<DB>) {}

  findOperatorByAccountKey(accountKey: string): Promise<OperatorRow | undefined> {
    return this.db
      .selectFrom('operators')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', accountKey)
      .executeTakeFirst();
  }

  async insertSession(row: {
    operatorId: string;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  }): Promise<void> {
    await this.db
      .insertInto('operator_sessions')
      .values({
        operator_id: row.operatorId,
        token_hash: row.tokenHash,
        created_at: row.now,
        last_seen_at: row.now,
        expires_at: row.expiresAt,
        revoked_at: null,
        user_agent: row.userAgent,
        ip: row.ip,
      })
      .execute();
  }

  findSessionByTokenHash(tokenHash: string): Promise<OperatorSessionWithOperator | undefined> {
    return this.db
      .selectFrom('operator_sessions')
      .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
      .select([
        'operator_sessions.id',
        'operator_sessions.operator_id',
        'operator_sessions.last_seen_at',
        'operator_sessions.expires_at',
        'operator_sessions.revoked_at',
        'operators.username',
        'operators.role',
        'operators.status',
      ])
      .where('operator_sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async touchSession(id: string, now: Date): Promise<void> {
    await this.db.updateTable('operator_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async revokeSession(id: string, now: Date): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
