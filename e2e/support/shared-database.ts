/**
 * A fresh PostgreSQL database for journeys that run several server processes on one database (two
 * embedded databases cannot share a data directory): created beside TEST_DATABASE_URL's database, or on
 * the local server at 127.0.0.1:5432, and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

export interface SharedDatabase {
  /** The connection string the server processes get as DATABASE_URL. */
  url: string;
  drop(): Promise<void>;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createSharedDatabase(prefix: string): Promise<SharedDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
