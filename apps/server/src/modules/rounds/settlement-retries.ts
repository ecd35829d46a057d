/**
 * When the round engine may try a round's settlement (or its void refunds) again after it failed: the
 * first retry a second later, then twice as long each time up to a minute, by the engine's clock. A
 * failing round is only skipped until then; the room's other rounds go on (decision 0042). Kept in
 * memory: a new scheduler leader tries at once, which is what a restart is for.
 */

export const SETTLEMENT_RETRY_FIRST_MS = 1_000;
export const SETTLEMENT_RETRY_MAX_MS = 60_000;

interface Failing {
  failures: number;
  retryAt: number;
}

export class SettlementRetries {
  readonly #failing = new Map<string, Failing>();

  /** Whether the round's settlement may be tried at `now` (always, unless it failed and is waiting). */
  due(roundId: string, now: Date): boolean {
    const failing = this.#failing.get(roundId);
    return !failing || now.getTime() >= failing.retryAt;
  }

  /** Records a failure at `now`; answers how many in a row and how long until the next try. */
  failed(roundId: string, now: Date): { failures: number; retryInMs: number } {
    const failures = (this.#failing.get(roundId)?.failures ?? 0) + 1;
    const retryInMs = Math.min(SETTLEMENT_RETRY_MAX_MS, SETTLEMENT_RETRY_FIRST_MS * 2 ** (failures - 1));
    this.#failing.set(roundId, { failures, retryAt: now.getTime() + retryInMs });
    return { failures, retryInMs };
  }

  /** The round is final (settled or voided, here or elsewhere): nothing more to wait for. */
  done(roundId: string): void {
    this.#failing.delete(roundId);
  }

  /** Forgets every round no longer unfinished (an operator voided it, another node settled it). */
  keepOnly(unfinished: ReadonlySet<string>): void {
    for (const roundId of this.#failing.keys()) if (!unfinished.has(roundId)) this.#failing.delete(roundId);
  }
}
