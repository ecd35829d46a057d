/**
 * The scheduler loop: while this process holds the leadership, tick the round engine every
 * SCHEDULER_TICK_MS (~250 ms); otherwise try to take it every few seconds, so a standby node takes over
 * within seconds of the holder dying. Ticks never overlap; stop() waits for the one in flight.
 *
 * While the database is away the loop keeps going: a failed tick is retried at the next one, and a lock
 * that could not even be tried (no connection) is retried every second rather than every few, so the
 * scheduler leads again, and catches up the overdue rounds, within moments of the database returning.
 * An outage is logged once when it starts and once when it ends, not on every tick.
 */
import type { Logger } from '../../platform/logger.ts';
import type { Leadership } from './leadership.ts';
import type { RoundEngine } from './round-engine.ts';

export const LEADERSHIP_RETRY_MS = 3_000;
/** The retry when the lock could not be tried at all (the database is unreachable). */
export const LEADERSHIP_ERROR_RETRY_MS = 1_000;

/** The engine a scheduler steps, who may step it, and how often. */
export interface RoundSchedulerDeps {
  engine: RoundEngine;
  leadership: Leadership;
  logger: Logger;
  tickMs: number;
  /** How soon a follower tries the lock again (LEADERSHIP_RETRY_MS). */
  retryMs?: number;
  /** How soon after the lock could not be tried at all (at most retryMs). */
  errorRetryMs?: number;
}

export class RoundScheduler {
  #running = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;
  #timer: NodeJS.Timeout | null = null;

  private readonly engine: RoundEngine;
  private readonly leadership: Leadership;
  private readonly logger: Logger;
  private readonly tickMs: number;
  private readonly retryMs: number;
  private readonly errorRetryMs: number;

  constructor(deps: RoundSchedulerDeps) {
    this.engine = deps.engine;
    this.leadership = deps.leadership;
    this.logger = deps.logger;
    this.tickMs = deps.tickMs;
    this.retryMs = deps.retryMs ?? LEADERSHIP_RETRY_MS;
    this.errorRetryMs = deps.errorRetryMs ?? Math.min(this.retryMs, LEADERSHIP_ERROR_RETRY_MS);
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.run().catch((error: unknown) => {
      this.logger.fatal({ err: error }, 'round scheduler stopped unexpectedly');
    });
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#wake?.();
    await this.#loop;
    this.#loop = null;
    await this.leadership.release();
  }

  private async run(): Promise<void> {
    let leading = false;
    let lockFailing = false;
    let tickFailing = false;
    while (this.#running) {
      if (!this.leadership.held) {
        if (leading) this.logger.warn('round scheduler: leadership lost');
        leading = false;
        let failed = false;
        const acquired = await this.leadership.acquire().catch((error: unknown) => {
          failed = true;
          if (!lockFailing)
            this.logger.warn({ err: error }, 'round scheduler: could not try the leadership lock');
          return false;
        });
        lockFailing = failed;
        if (!acquired) {
          await this.sleep(failed ? this.errorRetryMs : this.retryMs);
          continue;
        }
        leading = true;
        this.logger.info('round scheduler: leading (catching up overdue rounds first)');
      }
      try {
        await this.engine.tick();
        if (tickFailing) this.logger.info('round scheduler: ticking again');
        tickFailing = false;
      } catch (error) {
        if (!tickFailing)
          this.logger.error({ err: error }, 'round scheduler tick failed (retrying every tick)');
        tickFailing = true;
      }
      await this.sleep(this.tickMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (!this.#running) return Promise.resolve();
    return new Promise((resolve) => {
      this.#wake = () => {
        this.#wake = null;
        resolve();
      };
      this.#timer = setTimeout(() => this.#wake?.(), ms);
    });
  }
}
