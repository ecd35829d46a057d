/** Image-captcha answers, kept only as hashes. */
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

export class CaptchaRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: { id: string; answerHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    await this.db
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
  consume(id: string, now: Date): Promise<{ answer_hash: string; expires_at: Date } | undefined> {
    return this.db
      .updateTable('captchas')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .returning(['answer_hash', 'expires_at'])
      .executeTakeFirst();
  }

  async deleteExpiredBefore(cutoff: Date): Promise<void> {
    await this.db.deleteFrom('captchas').where('expires_at', '<', cutoff).execute();
  }
}
