/**
 * Who runs the scheduler (DESIGN §6): exactly one process per deployment. On PostgreSQL the holder of a
 * session-level advisory lock on a dedicated connection (not a pool client, so the lock lives exactly as
 * long as that connection); when the holder dies its session ends, the lock is freed, and another node
 * takes it at its next attempt. On the embedded database there is only this process.
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

export class AdvisoryLockLeadership implements Leadership {
  #client: pg.Client | null = null;
  #held = false;

  constructor(
    private readonly connectionString: string,
    private readonly logger: Logger,
    private readonly key: number = SCHEDULER_LOCK_KEY,
  ) {}

  get held(): boolean {
    return this.#held;
  }

  async acquire(): Promise<boolean> {
    if (this.#held) return true;
    const client = await this.connection();
    const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      this.key,
    ]);
    this.#held = result.rows[0]?.locked === true;
    return this.#held;
  }

  async release(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    this.#held = false;
    // Closing the session frees the lock.
    await client?.end().catch(() => undefined);
  }

  private async connection(): Promise<pg.Client> {
    if (this.#client) return this.#client;
    const client = new pg.Client({ connectionString: this.connectionString });
    const lost = (error?: Error) => {
      if (this.#client !== client) return;
      if (this.#held) this.logger.warn({ err: error }, 'scheduler lock connection lost; leadership released');
      this.#client = null;
      this.#held = false;
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    this.#client = client;
    return client;
  }
}
