/**
 * int8 is decoded in the driver, the same on PGlite and on node-postgres: a number when it is exact, a
 * refused query when it is not, and the connection still serves the next query. Repositories rely on
 * it when they read an amount, a count or a sum cast to int8 without decoding it themselves.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, freshDatabase } from '../../../test/harness.ts';
import type { Database } from './database.ts';

describe.each(DRIVERS)('int8 decoded by the %s driver', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(driver));
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.kysely)).rows[0];

  it('reads int8 at the edges of the exact range as numbers', async () => {
    const row = await one(sql<{ top: unknown; bottom: unknown; zero: unknown }>`
      select 9007199254740991::int8 as top, (-9007199254740991)::int8 as bottom, 0::int8 as zero
    `);
    expect(row).toEqual({ top: Number.MAX_SAFE_INTEGER, bottom: Number.MIN_SAFE_INTEGER, zero: 0 });
  });

  it('reads a count and a sum cast to int8 as numbers', async () => {
    const row = await one(sql<{ n: unknown; total: unknown }>`
      select count(*) as n, sum(v)::int8 as total from (values (1::int8), (2), (4000000000)) as t (v)
    `);
    expect(row).toEqual({ n: 3, total: 4_000_000_003 });
  });

  it('refuses an int8 outside the exact range, above or below, and keeps serving', async () => {
    await expect(one(sql`select 9007199254740992::int8 as v`)).rejects.toThrow(
      /int8 outside the exact range: 9007199254740992/,
    );
    await expect(one(sql`select (-9007199254740992)::int8 as v`)).rejects.toThrow(
      /int8 outside the exact range: -9007199254740992/,
    );
    expect(await one(sql<{ v: unknown }>`select 7::int8 as v`)).toEqual({ v: 7 });
  });
});
