/**
 * A per-connection message budget over one-second windows. Within a window: up to `perSecond` messages
 * are served; the first one over is answered with RATE_LIMITED (the client learns why its messages are
 * ignored); the rest are dropped; a client still sending at twice the budget is not a browser that
 * stumbled but a flood, and is closed.
 */
export type RateVerdict = 'ok' | 'warn' | 'drop' | 'close';

const WINDOW_MS = 1_000;

export class RateWindow {
  #startedAt = Number.NEGATIVE_INFINITY;
  #count = 0;

  constructor(private readonly perSecond: number) {}

  hit(nowMs: number): RateVerdict {
    if (nowMs - this.#startedAt >= WINDOW_MS) {
      this.#startedAt = nowMs;
      this.#count = 0;
    }
    this.#count += 1;
    if (this.#count <= this.perSecond) return 'ok';
    if (this.#count > 2 * this.perSecond) return 'close';
    return this.#count === this.perSecond + 1 ? 'warn' : 'drop';
  }
}
