/**
 * The server's clock, as seen from here. Round countdowns run to the server's `sealsAt`/`drawsAt`, so a
 * phone whose clock is off by a minute must not show a minute too much or too little. Every API response
 * carries an HTTP `Date` header (whole seconds): the server's time when it answered lies in
 * [Date, Date + 1 s), and it answered between the moment we sent the request (t0) and the moment the
 * answer arrived (t1). So the offset (server minus local) lies in [Date - t1, Date + 1000 - t0]. Each
 * response narrows that interval; the estimate is its midpoint (within half a second after a single
 * quick request). Should a new interval not overlap the kept one (the local clock was changed, or the
 * machine slept), the kept one is stale and the new one replaces it.
 */
export interface OffsetInterval {
  /** Milliseconds to add to the local clock, lowest and highest possible. */
  low: number;
  high: number;
}

export class ServerClock {
  private interval: OffsetInterval | null = null;

  constructor(private readonly localNow: () => number = Date.now) {}

  /** One response: its `Date` header, when its request was sent (t0) and when it arrived (t1), local ms. */
  observe(dateHeader: string | null, sentAt: number, receivedAt: number): void {
    if (!dateHeader) return;
    const serverMs = Date.parse(dateHeader);
    if (Number.isNaN(serverMs) || receivedAt < sentAt) return;
    const sample = { low: serverMs - receivedAt, high: serverMs + 1000 - sentAt };
    const kept = this.interval;
    if (kept && sample.low <= kept.high && sample.high >= kept.low) {
      this.interval = { low: Math.max(kept.low, sample.low), high: Math.min(kept.high, sample.high) };
    } else {
      this.interval = sample;
    }
  }

  /** Server minus local, in ms; 0 until a response has been seen. */
  offsetMs(): number {
    return this.interval ? Math.round((this.interval.low + this.interval.high) / 2) : 0;
  }

  /** The server's time now, in ms. */
  nowMs(): number {
    return this.localNow() + this.offsetMs();
  }

  bounds(): OffsetInterval | null {
    return this.interval ? { ...this.interval } : null;
  }

  reset(): void {
    this.interval = null;
  }
}

/** The app's one clock, fed by the API client with every response. */
export const serverClock = new ServerClock();
