/** Image-captcha answers, kept only as hashes. */
import type { Executor } from '../../platform/db/executor.ts';

export class CaptchaRepository {
  async insert(
    executor: Executor,
    row: { id: string; answerHash: string; createdAt: Date; expiresAt: Date },
  ): Promise<void> {
    await executor
      .insertInto('captchas')
      .values({
        id: row.id,
        answer_hash: row.answerHash,
        created_at: row.createdAt,
        expires_at: row.expiresAt,
        used_at: null,
      })
      .execute();
  }

  /**
   * Marks a captcha used and returns what is needed to check the answer; undefined when it does not
   * exist or was already used. One statement, so two concurrent attempts cannot both get it.
   */
  consume(
    executor: Executor,
    id: string,
    now: Date,
  ): Promise<{ answer_hash: string; expires_at: Date } | undefined> {
    return executor
      .updateTable('captchas')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .returning(['answer_hash', 'expires_at'])
      .executeTakeFirst();
  }

  async deleteExpiredBefore(executor: Executor, cutoff: Date): Promise<void> {
    await executor.deleteFrom('captchas').where('expires_at', '<', cutoff).execute();
  }
}
