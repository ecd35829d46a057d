/** The single row of operator-configured funding settings. */
import type { Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';

export class FundingSettingsRepository {
  /** The stored JSON, as stored (the service parses it). */
  async get(executor: Executor): Promise<unknown> {
    const row = await executor
      .selectFrom('funding_settings')
      .select('settings')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return row.settings;
  }

  /** The stored JSON, locked until the transaction ends (two operators' edits do not interleave). */
  async getForUpdate(trx: Transaction<DB>): Promise<unknown> {
    const row = await trx
      .selectFrom('funding_settings')
      .select('settings')
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return row.settings;
  }

  async put(executor: Executor, settings: unknown, now: Date): Promise<void> {
    await executor
      .updateTable('funding_settings')
      .set({ settings: JSON.stringify(settings), updated_at: now })
      .where('id', '=', 1)
      .execute();
  }
}
