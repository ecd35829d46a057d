/**
 * The PGlite dialect: one backend, so a transaction must hold it exclusively. A query issued while a
 * transaction is open waits for it and never sees (or joins) its uncommitted work.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect.ts';

interface TestDb {
  items: { id: number; name: string };
}

describe('PGliteDialect', () => {
  let db: Kysely<TestDb>;
  beforeAll(async () => {
    db = new Kysely<TestDb>({
      dialect: new PGliteDialect({ pglite: await PGlite.create(), closeOnDestroy: true }),
    });
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it('runs queries and reports affected rows', async () => {
    const inserted = await db.insertInto('items').values({ id: 1, name: 'one' }).executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
    const updated = await db.updateTable('items').set({ name: 'uno' }).where('id', '=', 1).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    expect(await db.selectFrom('items').selectAll().execute()).toEqual([{ id: 1, name: 'uno' }]);
  });

  it('gives a transaction the backend exclusively', async () => {
    const events: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 2, name: 'two' }).execute();
      outside = db
        .selectFrom('items')
        .select('id')
        .execute()
        .then((rows) => events.push(`outside saw ${rows.length}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      events.push('commit');
    });
    await outside;
    expect(events).toEqual(['commit', 'outside saw 2']);
  });

  it('rolls back a failed transaction and keeps working', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 3, name: 'three' }).execute();
        await trx.insertInto('items').values({ id: 3, name: 'duplicate' }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.selectFrom('items').select('id').where('id', '=', 3).execute()).toEqual([]);
    expect((await db.selectFrom('items').select('id').execute()).length).toBe(2);
  });

  it('refuses queries once destroyed', async () => {
    const other = new Kysely<TestDb>({
      dialect: new PGliteDialect({ pglite: await PGlite.create(), closeOnDestroy: true }),
    });
    await sql`select 1`.execute(other);
    await other.destroy();
    await expect(sql`select 1`.execute(other)).rejects.toThrow();
  });
});
