/** Uploaded images, kept in the database so every node can serve them. */
import type { Executor } from '../../platform/db/executor.ts';
import type { UploadRow } from '../../platform/db/schema.ts';

export class UploadsRepository {
  async insert(
    executor: Executor,
    upload: {
      userId: string;
      contentType: string;
      content: Uint8Array;
      at: Date;
    },
  ): Promise<string> {
    const row = await executor
      .insertInto('uploads')
      .values({
        user_id: upload.userId,
        content_type: upload.contentType,
        size: upload.content.length,
        content: upload.content,
        created_at: upload.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  find(executor: Executor, id: string): Promise<UploadRow | undefined> {
    return executor.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async isOwnedBy(executor: Executor, id: string, userId: string): Promise<boolean> {
    const row = await executor
      .selectFrom('uploads')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
