/** Migration 0002 on a database that already has users: each gets a cash account at zero. */
import { PGlite } from '@electric-sql/pglite';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { wrapPglite } from '../database.ts';
import { migrations } from './index.ts';

describe('migration 0002-money', () => {
  it('opens a cash account for every existing user and the four system accounts', async () => {
    const database = wrapPglite(await PGlite.create(), { location: 'migration test' });
    try {
      const db = database.kysely;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0001-foundation')).error).toBeUndefined();
      for (const name of ['first', 'second']) {
        await db
          .insertInto('users')
          .values({
            username: name,
            password_hash: 'x',
            payment_password_hash: null,
            nickname: name,
            real_name: null,
            email: null,
            invitation_code: name.toUpperCase(),
            inviter_id: null,
            created_at: new Date(),
            updated_at: new Date(),
          })
          .execute();
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const accounts = await db
        .selectFrom('ledger_accounts')
        .select(['kind', 'user_id', 'balance'])
        .execute();
      expect(accounts.filter((row) => row.kind === 'user_cash')).toHaveLength(2);
      expect(
        accounts
          .filter((row) => row.kind !== 'user_cash')
          .map((row) => row.kind)
          .sort(),
        // 0003 adds the stake escrow.
      ).toEqual(['deposits_clearing', 'external', 'house', 'stakes_escrow', 'withdrawals_clearing']);
      expect(accounts.every((row) => row.balance === 0)).toBe(true);
      const settings = await db.selectFrom('funding_settings').select('settings').executeTakeFirstOrThrow();
      expect(settings.settings).toMatchObject({ cardPaymentEnabled: true });
    } finally {
      await database.close();
    }
  });
});
