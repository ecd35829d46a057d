/**
 * A counting semaphore: at most `capacity` holders at once, the rest wait in arrival order. A capacity of
 * 1 is a mutex (the embedded database's single connection uses it that way).
 */
export class Semaphore {
  readonly #capacity: number;
  #active = 0;
  #peak = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`capacity must be >= 1: ${capacity}`);
    this.#capacity = capacity;
  }

  /** Resolves with a release function once a slot is free; call it exactly once. */
  async acquire(): Promise<() => void> {
    if (this.#active < this.#capacity) {
      this.#take();
    } else {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      // Hand the slot straight to the next waiter so no newcomer can jump the queue.
      if (next) next();
      else this.#active -= 1;
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }

  #take(): void {
    this.#active += 1;
    if (this.#active > this.#peak) this.#peak = this.#active;
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** The most holders ever seen at once. */
  get peak(): number {
    return this.#peak;
  }
}
