/** Idempotency keys: one row per client money operation, holding the response it got. */
import type { Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';

export interface IdempotencyRow {
  operation: string;
  requestHash: string;
  statusCode: number | null;
  response: unknown;
}

export class IdempotencyRepository {
  /**
   * Claims the key for this transaction. While another transaction holds an uncommitted claim on the
   * same key, Postgres makes this insert wait for it; false means the key was already taken (by a
   * committed operation, whose row the next statement can read).
   */
  async claim(
    trx: Transaction<DB>,
    row: {
      userId: string;
      key: string;
      operation: string;
      requestHash: string;
      at: Date;
      /** Known up front (the position hot path): the row is written complete, saving an UPDATE. */
      completed?: { statusCode: number; response: unknown };
    },
  ): Promise<boolean> {
    const inserted = await trx
      .insertInto('idempotency_keys')
      .values({
        user_id: row.userId,
        key: row.key,
        operation: row.operation,
        request_hash: row.requestHash,
        status_code: row.completed?.statusCode ?? null,
        response: row.completed ? JSON.stringify(row.completed.response) : null,
        created_at: row.at,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async find(executor: Executor, userId: string, key: string): Promise<IdempotencyRow | undefined> {
    const row = await executor
      .selectFrom('idempotency_keys')
      .select(['operation', 'request_hash', 'status_code', 'response'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    return (
      row && {
        operation: row.operation,
        requestHash: row.request_hash,
        statusCode: row.status_code,
        response: row.response,
      }
    );
  }

  async complete(
    trx: Transaction<DB>,
    userId: string,
    key: string,
    statusCode: number,
    response: unknown,
  ): Promise<void> {
    await trx
      .updateTable('idempotency_keys')
      .set({ status_code: statusCode, response: JSON.stringify(response) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
  }
}
