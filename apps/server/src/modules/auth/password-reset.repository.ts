/** Password-reset codes (hashed) and the per-name resend timer. */
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB, PasswordResetCodesTable } from '../../platform/db/schema.ts';

export type ResetCodeRow = Selectable<PasswordResetCodesTable>;

export class PasswordResetRepository {
  /**
   * Records a request for this name unless the previous one is newer than `notBefore`, and finds the
   * user with an email to mail the code to, in ONE statement: no race between two clicks, and a known and
   * an unknown name cost the same round trip and the same write. `user` is null when nobody is to be
   * mailed (an unknown name, no email, or a request refused).
   */
  async claimRequest(
    executor: Executor,
    accountKey: string,
    now: Date,
    notBefore: Date,
  ): Promise<{ claimed: boolean; user: { id: string; email: string } | null }> {
    // The same normal form of the name as AccountsRepository.findByAccountKey.
    const result = await sql<{ claimed: boolean; id: string | null; email: string | null }>`
      with claim as (
        insert into password_reset_requests (account_key, requested_at)
        values (${accountKey}, ${now}::timestamptz)
        on conflict (account_key) do update set requested_at = ${now}::timestamptz
          where password_reset_requests.requested_at <= ${notBefore}::timestamptz
        returning account_key
      ),
      target as (
        select id, email from users
        where lower(username) = ${accountKey} and email is not null and exists (select 1 from claim)
      )
      select exists (select 1 from claim) as claimed, (select id from target) as id,
        (select email from target) as email
    `.execute(executor);
    const row = result.rows[0];
    return {
      claimed: row?.claimed ?? false,
      user: row?.id && row.email ? { id: row.id, email: row.email } : null,
    };
  }

  /** When the name last asked for a code (the request that blocks a new one). */
  async lastRequestAt(executor: Executor, accountKey: string): Promise<Date | null> {
    const row = await executor
      .selectFrom('password_reset_requests')
      .select('requested_at')
      .where('account_key', '=', accountKey)
      .executeTakeFirst();
    return row?.requested_at ?? null;
  }

  /**
   * Stores a new code and retires any earlier unused one: only the latest mail's code works. Two
   * statements, so a transaction: a crash between them must not leave the user without a live code.
   */
  async replaceCode(
    trx: Transaction<DB>,
    row: {
      id: string;
      userId: string;
      codeHash: string;
      now: Date;
      expiresAt: Date;
    },
  ): Promise<void> {
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
  }

  /**
   * The user's latest unused code, locked until the transaction ends: what happens to it (a wrong
   * attempt counted, or marked used with the password changed) is decided inside the same transaction.
   */
  latestUnusedCodeForUpdate(trx: Transaction<DB>, userId: string): Promise<ResetCodeRow | undefined> {
    return trx
      .selectFrom('password_reset_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * Counts a wrong code. The commit need not wait for the disk: a count lost in a crash is one more
   * guess at a one-in-a-million code, while the wait would set a known account (whose wrong code is
   * counted) apart from an unknown one (nothing to count) by its timing.
   */
  async countAttempt(trx: Transaction<DB>, id: string): Promise<void> {
    await sql`set local synchronous_commit = off`.execute(trx);
    await trx
      .updateTable('password_reset_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async markUsed(trx: Transaction<DB>, id: string, now: Date): Promise<void> {
    await trx.updateTable('password_reset_codes').set({ used_at: now }).where('id', '=', id).execute();
  }
}
