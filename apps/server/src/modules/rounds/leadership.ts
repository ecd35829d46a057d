/**
 * Who runs the scheduler (DESIGN §6): exactly one process per deployment. On PostgreSQL the holder of a
 * session-level advisory lock on a dedicated connection (not a pool client, so the lock lives exactly as
 * long as that connection); when the holder dies its session ends, the lock is freed, and another node
 * takes it at its next attempt. On the embedded database there is only this process.
 *
 * When that connection is lost (PostgreSQL restarted, the session was terminated) leadership is dropped
 * at once, since the lock went with the session, and the next acquire() opens a new connection: the
 * scheduler retries until the database is back.
 */
import pg from 'pg';
import type { Logger } from '../../platform/logger.ts';

export interface Leadership {
  /** True once this process holds the lock (tries to take it when it does not). */
  acquire(): Promise<boolean>;
  readonly held: boolean;
  release(): Promise<void>;
}

export class InProcessLeadership implements Leadership {
  held = false;

  async acquire(): Promise<boolean> {
    this.held = true;
    return true;
  }

  async release(): Promise<void> {
    this.held = false;
  }
}

/** The advisory lock's key: one per deployment database, named for this job. */
export const SCHEDULER_LOCK_KEY = 727_200_004;

/**
 * The database whose advisory lock decides the leader, the lock's key (SCHEDULER_LOCK_KEY) and limits on
 * the lock connection, so a database that does not answer never stalls the scheduler.
 */
export interface AdvisoryLockLeadershipDeps {
  connectionString: string;
  logger: Logger;
  key?: number;
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
}

export class AdvisoryLockLeadership implements Leadership {
  #client: pg.Client | null = null;
  #held = false;

  private readonly key: number;

  constructor(private readonly deps: AdvisoryLockLeadershipDeps) {
    this.key = deps.key ?? SCHEDULER_LOCK_KEY;
  }

  get held(): boolean {
    return this.#held;
  }

  async acquire(): Promise<boolean> {
    if (this.#held) return true;
    const client = await this.connection();
    try {
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        this.key,
      ]);
      // The connection may have been lost while the answer was on its way: then the lock is gone too.
      this.#held = result.rows[0]?.locked === true && this.#client === client;
    } catch (error) {
      // A connection that failed its query is of no further use; the next attempt opens a new one.
      this.drop(client);
      throw error;
    }
    return this.#held;
  }

  async release(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    this.#held = false;
    // Closing the session frees the lock.
    await client?.end().catch(() => undefined);
  }

  private drop(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    this.#held = false;
    client.end().catch(() => undefined);
  }

  private async connection(): Promise<pg.Client> {
    if (this.#client) return this.#client;
    const client = new pg.Client({
      connectionString: this.deps.connectionString,
      connectionTimeoutMillis: this.deps.connectTimeoutMs ?? 5_000,
      query_timeout: this.deps.queryTimeoutMs ?? 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      fallback_application_name: 'tradehall-scheduler',
    });
    // Registered before connecting and kept for the client's life: an 'error' with no listener (the
    // session terminated while idle, which is this connection's normal state) would end the process.
    const lost = (error?: Error) => {
      if (this.#client !== client) return;
      if (this.#held)
        this.deps.logger.warn({ err: error }, 'scheduler lock connection lost; leadership released');
      this.#client = null;
      this.#held = false;
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    this.#client = client;
    return client;
  }
}
