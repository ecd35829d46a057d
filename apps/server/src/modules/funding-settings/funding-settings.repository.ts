/** The single row of operator-configured funding settings. */
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { Executor } from '../ledger/ledger.repository.ts';

export class FundingSettingsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The stored JSON, as stored (the service parses it). */
  async get(executor: Executor = this.db): Promise<unknown> {
    const row = await executor
      .selectFrom('funding_settings')
      .select('settings')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return row.settings;
  }

  async put(settings: unknown, now: Date): Promise<void> {
    await this.db
      .updateTable('funding_settings')
      .set({ settings: JSON.stringify(settings), updated_at: now })
      .where('id', '=', 1)
      .execute();
  }
}
