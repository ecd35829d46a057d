/** Password-reset codes (hashed) and the per-name resend timer. */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, PasswordResetCodesTable } from '../../platform/db/schema.ts';

export type ResetCodeRow = Selectable<PasswordResetCodesTable>;

export class PasswordResetRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Records a request for this name unless the previous one is newer than `notBefore`. Returns the time
   * of the blocking request when refused, null when recorded. One statement: no race between two clicks.
   */
  async claimRequest(accountKey: string, now: Date, notBefore: Date): Promise<Date | null> {
    const claimed = await this.db
      .insertInto('password_reset_requests')
      .values({ account_key: accountKey, requested_at: now })
      .onConflict((conflict) =>
        conflict
          .column('account_key')
          .doUpdateSet({ requested_at: now })
          .where('password_reset_requests.requested_at', '<=', notBefore),
      )
      .returning('account_key')
      .executeTakeFirst();
    if (claimed) return null;
    const row = await this.db
      .selectFrom('password_reset_requests')
      .select('requested_at')
      .where('account_key', '=', accountKey)
      .executeTakeFirst();
    return row?.requested_at ?? now;
  }

  /** Stores a new code and retires any earlier unused one: only the latest mail's code works. */
  async replaceCode(row: {
    id: string;
    userId: string;
    codeHash: string;
    now: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('password_reset_codes')
        .set({ used_at: row.now })
        .where('user_id', '=', row.userId)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('password_reset_codes')
        .values({
          id: row.id,
          user_id: row.userId,
          code_hash: row.codeHash,
          created_at: row.now,
          expires_at: row.expiresAt,
          used_at: null,
        })
        .execute();
    });
  }

  /**
   * Runs `use` on the user's latest unused code, locked for the transaction. `use` decides what happens
   * to it (count a wrong attempt, or mark it used and change the password) inside the same transaction.
   */
  withLatestCode<T>(
    userId: string,
    use: (code: ResetCodeRow | undefined, trx: Transaction<DB>) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const code = await trx
        .selectFrom('password_reset_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      return use(code, trx);
    });
  }

  async countAttempt(id: string, trx: Transaction<DB>): Promise<void> {
    await trx
      .updateTable('password_reset_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async markUsed(id: string, now: Date, trx: Transaction<DB>): Promise<void> {
    await trx.updateTable('password_reset_codes').set({ used_at: now }).where('id', '=', id).execute();
  }
}
