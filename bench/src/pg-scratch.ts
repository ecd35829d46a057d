/** Scratch PostgreSQL databases for the benches: made on the shared server, dropped afterwards. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const basePostgresUrl =
  process.env.DATABASE_URL?.trim() ||
  process.env.TEST_DATABASE_URL?.trim() ||
  'postgres://postgres@127.0.0.1:5432/test';

export function databaseUrl(name: string): string {
  const url = new URL(basePostgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database; returns its name. */
export async function createScratchDatabase(prefix: string): Promise<string> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await withClient(basePostgresUrl, (client) => client.query(`create database "${name}"`));
  return name;
}

export async function dropScratchDatabase(name: string): Promise<void> {
  await withClient(basePostgresUrl, (client) =>
    client.query(`drop database if exists "${name}" with (force)`),
  );
}
