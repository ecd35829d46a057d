/**
 * Time as a dependency: services ask the clock, never `new Date()`, so tests can move time forward
 * (captcha expiry, lockout windows, code lifetimes) without waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The system clock moved by a fixed offset (test mode only, TEST_CLOCK_OFFSET_SECONDS): a journey
 * restarts the server a business day later without waiting a day. 0 is the system clock itself.
 */
export function offsetClock(offsetSeconds: number): Clock {
  if (offsetSeconds === 0) return systemClock;
  const offsetMs = offsetSeconds * 1000;
  return { now: () => new Date(Date.now() + offsetMs) };
}

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  #ms: number;

  constructor(start: Date = new Date()) {
    this.#ms = start.getTime();
  }

  now(): Date {
    return new Date(this.#ms);
  }

  advanceSeconds(seconds: number): void {
    this.#ms += seconds * 1000;
  }

  /** Jumps to an instant (forward or back): the round tests step to a round's seal, draw, settlement. */
  set(at: Date): void {
    this.#ms = at.getTime();
  }
}

/** Unix seconds, the wire convention for time. */
export function toUnixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

/** Midnight UTC of the given instant: "per day" means per UTC day. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}
