/**
 * Brings the schema up to date at start. Kysely's Migrator records what ran in `kysely_migration` and
 * takes a lock while it works, so running it again (or from two nodes at once) is harmless.
 */
import { type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
