/**
 * Takes the scheduled snapshots: exactly one process per deployment (the holder of its own advisory lock
 * on PostgreSQL, like the round scheduler; this process on the embedded database). Every `checkMs` the
 * holder asks whether one is due (none yet, or the last is LIABILITIES_SNAPSHOT_MINUTES old) and takes
 * it, so a restart or a new leader catches up at once instead of waiting a whole interval.
 */
import type { Logger } from '../../platform/logger.ts';
import type { LiabilitiesService } from './liabilities.service.ts';

/** Who may take scheduled snapshots (rounds/leadership.ts's Leadership fits). */
export interface SnapshotLeadership {
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

export interface LiabilitiesSchedulerDeps {
  liabilities: LiabilitiesService;
  leadership: SnapshotLeadership;
  logger: Logger;
  checkMs?: number;
}

const CHECK_MS = 30_000;

export class LiabilitiesScheduler {
  #timer: NodeJS.Timeout | null = null;
  #inFlight: Promise<void> | null = null;
  #running = false;

  constructor(private readonly deps: LiabilitiesSchedulerDeps) {}

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#inFlight;
    await this.deps.leadership.release();
  }

  private schedule(ms: number): void {
    if (!this.#running) return;
    this.#timer = setTimeout(() => {
      this.#inFlight = this.check().finally(() => {
        this.#inFlight = null;
        this.schedule(this.deps.checkMs ?? CHECK_MS);
      });
    }, ms);
    this.#timer.unref();
  }

  private async check(): Promise<void> {
    try {
      if (!(await this.deps.leadership.acquire())) return;
      if (await this.deps.liabilities.due()) await this.deps.liabilities.take('schedule');
    } catch (error) {
      this.deps.logger.error({ err: error }, 'liabilities snapshot failed (retrying at the next check)');
    }
  }
}
