/**
 * A Kysely dialect for PGlite (kysely 0.28 has none built in). PGlite is one Postgres backend in this
 * process, so there is exactly one connection: acquiring it goes through a mutex, which makes a
 * transaction hold the backend exclusively from BEGIN to COMMIT while other queries wait their turn.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { INT8_OID, parseInt8 } from './int8.ts';
import type { PoolStats } from './pool-stats.ts';
import type { StatementObserver } from './statement-observer.ts';

/** int8 decoded as the node-postgres pool decodes it (int8.ts). */
const INT8_PARSERS = { [INT8_OID]: parseInt8 };

import { Semaphore } from '../semaphore.ts';

export interface PGliteDialectOptions {
  pglite: PGlite;
  /** Close the PGlite instance when Kysely is destroyed (true when the dialect owns it). */
  closeOnDestroy: boolean;
  onStatement?: StatementObserver;
}

export class PGliteDialect implements Dialect {
  readonly #options: PGliteDialectOptions;
  #driver: PGliteDriver | null = null;

  constructor(options: PGliteDialectOptions) {
    this.#options = options;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    this.#driver = new PGliteDriver(this.#options);
    return this.#driver;
  }

  /** The one connection: whether a query or transaction holds it, and how many wait for it. */
  pool(): PoolStats {
    const mutex = this.#driver?.mutex;
    return { size: 1, inUse: mutex?.active ?? 0, waiting: mutex?.waiting ?? 0 };
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

const COMMANDS_WITH_ROW_COUNT = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  readonly #onStatement: StatementObserver | undefined;

  constructor(pglite: PGlite, onStatement: StatementObserver | undefined) {
    this.#pglite = pglite;
    this.#onStatement = onStatement;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    this.#onStatement?.(compiledQuery.sql, compiledQuery.parameters);
    const result = await this.#pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], {
      parsers: INT8_PARSERS,
    });
    const command = (result as { command?: string }).command ?? '';
    return {
      rows: result.rows,
      ...(COMMANDS_WITH_ROW_COUNT.has(command) ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
    };
  }

  /** Streaming is not supported: asking for a stream fails at once. */
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGliteDialect does not support streaming queries');
  }
}

class PGliteDriver implements Driver {
  readonly #options: PGliteDialectOptions;
  readonly #connection: PGliteConnection;
  readonly #mutex = new Semaphore(1);
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();
  #destroyed = false;

  constructor(options: PGliteDialectOptions) {
    this.#options = options;
    this.#connection = new PGliteConnection(options.pglite, options.onStatement);
  }

  get mutex(): Semaphore {
    return this.#mutex;
  }

  async init(): Promise<void> {
    await this.#options.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.acquire();
    if (this.#destroyed) {
      release();
      throw new Error('the database has been closed');
    }
    // One physical connection: the WeakMap key is the same object each time, but the mutex guarantees
    // only one holder, so the stored release always belongs to the current holder.
    this.#releases.set(this.#connection, release);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction';
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#releases.get(connection);
    this.#releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    // Wait for the current holder (an in-flight query or transaction) before closing the backend.
    const release = await this.#mutex.acquire();
    this.#destroyed = true;
    try {
      if (this.#options.closeOnDestroy && !this.#options.pglite.closed) await this.#options.pglite.close();
    } finally {
      release();
    }
  }
}
