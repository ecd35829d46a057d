/**
 * The database handle: PGlite under DATA_DIR when DATABASE_URL is unset (guarded by a lock file), real
 * PostgreSQL through a pg Pool when it is set. Both speak the same SQL; the rest of the server only
 * sees Kysely.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { isDatabaseUnavailable } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { INT8_OID, parseInt8 } from './int8.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { openPgliteEngine } from './pglite-engine.ts';
import type { PoolStats } from './pool-stats.ts';
import type { DB } from './schema.ts';
import type { StatementObserver } from './statement-observer.ts';

export type DriverName = 'pglite' | 'postgres';

export interface Database {
  readonly kysely: Kysely<DB>;
  readonly driver: DriverName;
  /** Where the data lives, for the start-up banner (no credentials). */
  readonly location: string;
  /** Round-trip time of `select 1` in ms; throws when the database does not answer in time. */
  ping(timeoutMs?: number): Promise<number>;
  /** Connections now: the pool's size, those lent out, and the callers waiting for one (metrics). */
  pool(): PoolStats;
  /**
   * PGlite only (null on PostgreSQL, which pg_dump backs up): `read` runs in a repeatable-read
   * transaction that holds the single connection, and the data directory is archived (gzipped tar)
   * before it ends, so what `read` saw and the archive are the same state.
   */
  readonly archive:
    | (<T>(read: (trx: Transaction<DB>) => Promise<T>) => Promise<{ read: T; archive: Blob }>)
    | null;
  close(): Promise<void>;
}

export async function createDatabase(
  config: { databaseUrl: string | null; dataDir: string; database?: PostgresOptions },
  logger: Logger,
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, logger, config.database);
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const pgdata = path.join(config.dataDir, 'pgdata');
    const pglite = await openPgliteEngine({ dataDir: pgdata });
    return wrapPglite(pglite, { location: `embedded PGlite at ${pgdata}`, lock });
  } catch (error) {
    lock.release();
    throw error;
  }
}

export function wrapPglite(
  pglite: PGlite,
  options: { location: string; lock?: DataDirLock; onStatement?: StatementObserver },
): Database {
  const dialect = new PGliteDialect({ pglite, closeOnDestroy: true, onStatement: options.onStatement });
  const kysely = new Kysely<DB>({ dialect });
  const archive = <T>(read: (trx: Transaction<DB>) => Promise<T>) =>
    kysely
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const result = await read(trx);
        // Nothing else can write meanwhile: this transaction holds the only connection.
        return { read: result, archive: await pglite.dumpDataDir('gzip') };
      });
  return finish(
    kysely,
    'pglite',
    options.location,
    () => dialect.pool(),
    archive,
    async () => {
      // Kysely only destroys a driver it has initialised; close PGlite ourselves if no query ever ran.
      if (!pglite.closed) await pglite.close();
      options.lock?.release();
    },
  );
}

/**
 * Marks a hot-path statement (it must start the SQL text): on PostgreSQL it runs as a named prepared
 * statement, so each connection plans it once instead of on every call. Only for statements whose text
 * and result columns are fixed (never `select *`), since a cached plan outlives nothing but its text.
 */
export const PREPARED = sql.raw('/* prepared */ ');
/** The same mark for SQL text compiled once (CompiledQuery.raw). */
export const PREPARED_PREFIX = '/* prepared */ ';

/**
 * How long the server waits on PostgreSQL before giving up, so that a database that is away or hung
 * turns into a quick SERVICE_UNAVAILABLE instead of a request that never ends.
 */
export interface PostgresOptions {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectTimeoutMs?: number;
  /** One statement on the server (statement_timeout); the client gives up a little after it. */
  statementTimeoutMs?: number;
  /** Connections in the pool. */
  poolSize?: number;
  onStatement?: StatementObserver;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
/**
 * The client-side timeout is this much longer than statement_timeout: the server normally cancels first
 * (a clean error on a healthy connection); the client timeout only catches a server that stopped
 * answering altogether (a network partition, where no error would ever arrive).
 */
const CLIENT_TIMEOUT_GRACE_MS = 5_000;
/** Names the server's sessions in pg_stat_activity unless the URL names them itself. */
export const APPLICATION_NAME = 'tradehall';

/**
 * The pool as Kysely sees it, naming the statements marked PREPARED after a hash of their text. A
 * checkout whose connection failed goes back to the pool marked broken, so it is discarded rather than
 * lent to the next request.
 */
function preparingPool(pool: pg.Pool, onStatement: StatementObserver | undefined) {
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
      let broken: Error | undefined;
      const run = async <R extends pg.QueryResultRow>(text: string, values: unknown[]) => {
        onStatement?.(text, values);
        try {
          if (!text.startsWith(PREPARED_PREFIX)) return await client.query<R>(text, values);
          return await client.query<R>({ name: nameOf(text), text, values });
        } catch (error) {
          if (isDatabaseUnavailable(error)) broken = error as Error;
          throw error;
        }
      };
      return {
        query: run,
        release: () => client.release(broken),
      };
    },
    end: () => pool.end(),
  };
}

export function openPostgres(
  connectionString: string,
  logger: Logger,
  options: PostgresOptions = {},
): Database {
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // 0 turns a timeout off, on both sides.
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs === 0 ? 0 : statementTimeoutMs + CLIENT_TIMEOUT_GRACE_MS,
    // A peer that vanished without closing the socket is noticed by TCP instead of never.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    fallback_application_name: APPLICATION_NAME,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // Every client gets its own handler for its whole life: the pool only listens while a client is idle,
  // and a checked-out client whose backend is terminated between two queries (a PostgreSQL restart,
  // pg_terminate_backend) emits 'error' on itself, which unhandled would end the process. Its queries
  // fail on their own; the pool drops the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      logger.warn({ err: error }, 'PostgreSQL connection lost; the pool reconnects on the next query');
    });
  });
  // Idle clients: the handler above has logged it already; the pool removes the client.
  pool.on('error', () => undefined);
  const kysely = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: preparingPool(pool, options.onStatement) as unknown as pg.Pool }),
  });
  const stats = () => ({
    size: pool.totalCount,
    inUse: pool.totalCount - pool.idleCount,
    waiting: pool.waitingCount,
  });
  return finish(
    kysely,
    'postgres',
    `PostgreSQL at ${describeUrl(connectionString)}`,
    stats,
    null,
    async () => {
      if (!pool.ended) await pool.end();
    },
  );
}

function finish(
  kysely: Kysely<DB>,
  driver: DriverName,
  location: string,
  pool: () => PoolStats,
  archive: Database['archive'],
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
    pool,
    archive,
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
