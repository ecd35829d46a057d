/**
 * Groups reads by key that arrive together, so that one statement answers several requests: on a hot
 * read (My account), the statement's fixed cost — the round trip's two system calls on each side, the
 * bind and execute, the driver's decoding of the row description — is most of the database's part of a
 * request, and requests come in bursts from many clients at once.
 *
 * Nothing waits for company, and nothing is answered from memory: a read is sent on the next turn of
 * the event loop (so that requests read from the network in the same turn go together) when fewer than
 * `inFlight` batches are being read; otherwise it joins the next batch, sent as soon as one of those
 * finishes. Every batch's statement starts after each of its reads was asked for, so a read sees every
 * write committed before it was asked (a user reads their own balance right after a placement). Reads of
 * the same key waiting together share one row.
 */

export interface ReadBatchLimits {
  /** Batches being read at once (each holds one pooled connection). */
  inFlight: number;
  /** Keys in one batch at most. */
  size: number;
}

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

export class KeyedReadBatcher<V> {
  /** Keys not yet sent, in the order they were first asked for, each with everyone waiting on it. */
  #waiting = new Map<string, Waiter<V>[]>();
  #inFlight = 0;
  #scheduled = false;

  /** `read` answers the found keys' values; a key it leaves out is answered undefined. */
  constructor(
    private readonly read: (keys: string[]) => Promise<ReadonlyMap<string, V>>,
    private readonly limits: ReadBatchLimits,
  ) {}

  load(key: string): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      const waiters = this.#waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.#waiting.set(key, [{ resolve, reject }]);
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= this.limits.inFlight || this.#waiting.size === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#inFlight < this.limits.inFlight && this.#waiting.size > 0) {
      const batch = new Map<string, Waiter<V>[]>();
      for (const [key, waiters] of this.#waiting) {
        if (batch.size >= this.limits.size) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) this.#waiting.delete(key);
      this.#inFlight += 1;
      void this.#run(batch);
    }
  }

  async #run(batch: Map<string, Waiter<V>[]>): Promise<void> {
    let found: ReadonlyMap<string, V> | null = null;
    let failure: unknown = null;
    try {
      found = await this.read([...batch.keys()]);
    } catch (error) {
      failure = error;
    }
    this.#inFlight -= 1;
    for (const [key, waiters] of batch) {
      for (const waiter of waiters) {
        if (found) waiter.resolve(found.get(key));
        else waiter.reject(failure);
      }
    }
    this.#schedule();
  }
}
