/**
 * Every scheduler node looks for unpaid days every REFERRAL_PAY_CHECK_MS and pays them. No leadership
 * is needed: the payment is idempotent per referrer, day and level, so two nodes (or a restart mid-way)
 * never pay twice. Runs never overlap; stop() waits for the one in flight.
 */
import type { Logger } from '../../platform/logger.ts';
import type { ReferralPaymentsService } from './referral-payments.service.ts';

export class ReferralPayLoop {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;

  constructor(
    private readonly deps: { payments: ReferralPaymentsService; logger: Logger; everyMs: number },
  ) {}

  start(): void {
    this.#stopped = false;
    this.#schedule(0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.deps.payments
        .payDue()
        .then(() => undefined)
        .catch((error: unknown) => this.deps.logger.error({ err: error }, 'referral payment failed'))
        .finally(() => {
          this.#running = null;
          this.#schedule(this.deps.everyMs);
        });
    }, delayMs);
    this.#timer.unref();
  }
}
