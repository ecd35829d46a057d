/** Operators and their sessions (a separate table from user sessions: the two never mix). */
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { OperatorRoleColumn, OperatorRow, UserStatus } from '../../platform/db/schema.ts';
import type { NewSessionColumns } from '../../platform/session-issue.ts';

export interface OperatorSessionWithOperator {
  id: string;
  operator_id: string;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  username: string;
  role: OperatorRoleColumn;
  status: UserStatus;
  totp_enabled: boolean;
}

/** The unique index behind "an operator with this account name exists". */
export const OPERATORS_USERNAME_KEY = 'operators_username_key';

export class AdminAuthRepository {
  findOperatorByAccountKey(executor: Executor, accountKey: string): Promise<OperatorRow | undefined> {
    return executor
      .selectFrom('operators')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', accountKey)
      .executeTakeFirst();
  }

  findOperator(executor: Executor, id: string): Promise<OperatorRow | undefined> {
    return executor.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listOperators(executor: Executor): Promise<OperatorRow[]> {
    return executor.selectFrom('operators').selectAll().orderBy('created_at').orderBy('id').execute();
  }

  insertOperator(
    executor: Executor,
    row: { username: string; passwordHash: string; role: OperatorRoleColumn; at: Date },
  ): Promise<OperatorRow> {
    return executor
      .insertInto('operators')
      .values({
        username: row.username,
        password_hash: row.passwordHash,
        role: row.role,
        created_at: row.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A new enrolment secret, waiting for its first valid code (an active secret stays active until then). */
  async setPendingSecret(executor: Executor, operatorId: string, secret: string): Promise<void> {
    await executor
      .updateTable('operators')
      .set({ totp_pending_secret: secret })
      .where('id', '=', operatorId)
      .execute();
  }

  /**
   * The pending secret becomes the active one, and `step` the last accepted — only if the pending secret
   * is still the one checked (two confirmations racing: one wins, the other changes nothing).
   */
  async activatePendingSecret(
    executor: Executor,
    operatorId: string,
    secret: string,
    step: number,
  ): Promise<boolean> {
    const result = await executor
      .updateTable('operators')
      .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
      .where('id', '=', operatorId)
      .where('totp_pending_secret', '=', secret)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Records `step` as used, only if it is later than the last one used: of two logins with the same code
   * exactly one gets true.
   */
  async claimTotpStep(executor: Executor, operatorId: string, step: number): Promise<boolean> {
    const result = await executor
      .updateTable('operators')
      .set({ totp_last_step: step })
      .where('id', '=', operatorId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async insertSession(executor: Executor, operatorId: string, columns: NewSessionColumns): Promise<void> {
    await executor
      .insertInto('operator_sessions')
      .values({ operator_id: operatorId, ...columns })
      .execute();
  }

  findSessionByTokenHash(
    executor: Executor,
    tokenHash: string,
  ): Promise<OperatorSessionWithOperator | undefined> {
    return executor
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
        sql<boolean>`operators.totp_secret is not null`.as('totp_enabled'),
      ])
      .where('operator_sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async touchSession(executor: Executor, id: string, now: Date): Promise<void> {
    await executor.updateTable('operator_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async revokeSession(executor: Executor, id: string, now: Date): Promise<void> {
    await executor
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
