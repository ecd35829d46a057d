/**
 * The ledger invariant checked every LEDGER_CHECK_INTERVAL_MS on the nodes that run the scheduler, its
 * result kept in the metrics (an alert fires on a failed check, or on none for too long) and logged.
 * stop() waits for a check in flight, so a draining node ends it cleanly rather than mid-transaction.
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from './metrics.ts';

export interface LedgerCheckOutcome {
  ok: boolean;
  transfersChecked: number;
  mismatches: readonly unknown[];
  negativeUserBalances: number;
  totalOfBalances: number;
}

export class PeriodicLedgerCheck {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;

  constructor(
    private readonly deps: {
      check: () => Promise<LedgerCheckOutcome>;
      metrics: Metrics;
      clock: Clock;
      logger: Logger;
      intervalMs: number;
    },
  ) {}

  start(): void {
    this.#schedule();
  }

  /** One check now (also what each interval runs). */
  async runOnce(): Promise<void> {
    const started = performance.now();
    try {
      const outcome = await this.deps.check();
      const seconds = (performance.now() - started) / 1000;
      this.deps.metrics.ledgerChecked(outcome.ok ? 'ok' : 'failed', seconds, this.deps.clock.now());
      if (!outcome.ok) {
        this.deps.logger.error(
          {
            mismatches: outcome.mismatches.length,
            negativeUserBalances: outcome.negativeUserBalances,
            totalOfBalances: outcome.totalOfBalances,
          },
          'ledger check FAILED: the ledger invariant does not hold',
        );
      }
    } catch (error) {
      this.deps.metrics.ledgerChecked('error', (performance.now() - started) / 1000, this.deps.clock.now());
      this.deps.logger.warn({ err: error }, 'ledger check could not run');
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.runOnce().finally(() => {
        this.#running = null;
        this.#schedule();
      });
    }, this.deps.intervalMs);
    this.#timer.unref();
  }
}
