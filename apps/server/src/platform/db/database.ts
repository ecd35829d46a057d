/**
 * The database handle: PGlite under DATA_DIR when DATABASE_URL is unset (guarded by a lock file), real
 * PostgreSQL through a pg Pool when it is set. Both speak the same SQL; the rest of the server only
 * sees Kysely.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

export type DriverName = 'pglite' | 'postgres';

export interface Database {
  readonly kysely: Kysely<DB>;
  readonly driver: DriverName;
  /** Where the data lives, for the start-up banner (no credentials). */
  readonly location: string;
  /** Round-trip time of `select 1` in ms; throws when the database does not answer in time. */
  ping(timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

export async function createDatabase(
  config: { databaseUrl: string | null; dataDir: string },
  logger: Logger,
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, logger);
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const pgdata = path.join(config.dataDir, 'pgdata');
    const pglite = await PGlite.create({ dataDir: pgdata });
    return wrapPglite(pglite, { location: `embedded PGlite at ${pgdata}`, lock });
  } catch (error) {
    lock.release();
    throw error;
  }
}

export function wrapPglite(pglite: PGlite, options: { location: string; lock?: DataDirLock }): Database {
  const kysely = new Kysely<DB>({ dialect: new PGliteDialect({ pglite, closeOnDestroy: true }) });
  return finish(kysely, 'pglite', options.location, async () => {
    // Kysely only destroys a driver it has initialised; close PGlite ourselves if no query ever ran.
    if (!pglite.closed) await pglite.close();
    options.lock?.release();
  });
}

/**
 * Marks a hot-path statement (it must start the SQL text): on PostgreSQL it runs as a named prepared
 * statement, so each connection plans it once instead of on every call. Only for statements whose text
 * and result columns are fixed (never `select *`), since a cached plan outlives nothing but its text.
 */
export const PREPARED = sql.raw('/* prepared */ ');
const PREPARED_PREFIX = '/* prepared */ ';

/** The pool as Kysely sees it, naming the statements marked PREPARED after a hash of their text. */
function preparingPool(pool: pg.Pool) {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `th_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      return {
        query(text: string, values: unknown[]) {
          if (!text.startsWith(PREPARED_PREFIX)) return client.query(text, values);
          return client.query({ name: nameOf(text), text, values });
        },
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

export function openPostgres(connectionString: string, logger: Logger): Database {
  const pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => logger.error({ err: error }, 'idle PostgreSQL client error'));
  const kysely = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: preparingPool(pool) as unknown as pg.Pool }),
  });
  return finish(kysely, 'postgres', `PostgreSQL at ${describeUrl(connectionString)}`, async () => {
    if (!pool.ended) await pool.end();
  });
}

function finish(
  kysely: Kysely<DB>,
  driver: DriverName,
  location: string,
  afterClose: () => Promise<void>,
): Database {
  let closing: Promise<void> | null = null;
  return {
    kysely,
    driver,
    location,
    async ping(timeoutMs = 2_000) {
      if (closing) throw new Error('the database has been closed');
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`database ping timed out after ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        await Promise.race([sql`select 1`.execute(kysely), timeout]);
      } finally {
        clearTimeout(timer);
      }
      return Math.round((performance.now() - started) * 100) / 100;
    },
    close() {
      closing ??= kysely.destroy().finally(afterClose);
      return closing;
    },
  };
}

/** host:port/db without user or password. */
function describeUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Postgres' unique_violation, optionally for one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || name === constraint);
}
