/**
 * Groups placements that arrive while earlier ones are being written, so that one statement (and one
 * commit) writes several of them (DESIGN §9 throughput: a statement's fixed cost — the round trip, the
 * executor, the triggers, the commit — is most of a single placement's database time).
 *
 * Nothing waits for company: a placement is sent at once (on the next turn of the event loop, so that
 * requests read in the same turn go together) when fewer than `inFlight` batches are being written;
 * otherwise it joins the next batch, sent as soon as one of those finishes. A batch holds placements
 * into ONE round (the statement locks that round's row) and at most one per user — nor is a user in
 * two batches being written at once — so a batch never debits an account twice nor waits on another
 * batch's account.
 */

export interface BatchLimits {
  /** Batches being written at once (each holds one pooled connection). */
  inFlight: number;
  /** Placements in one batch at most. */
  size: number;
}

export interface Batchable {
  userId: string;
  roundId: string;
}

interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class PlacementBatcher<T extends Batchable, R> {
  #queue: Pending<T, R>[] = [];
  readonly #busyUsers = new Set<string>();
  #inFlight = 0;
  #scheduled = false;

  /** `write` answers for every item of a batch, in the batch's order. */
  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly limits: BatchLimits,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= this.limits.inFlight || this.#queue.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#inFlight < this.limits.inFlight) {
      const batch = this.#take();
      if (batch.length === 0) return;
      this.#inFlight += 1;
      for (const pending of batch) this.#busyUsers.add(pending.item.userId);
      void this.#run(batch);
    }
  }

  /** The oldest waiting placement's round, and every waiting placement that may join it, in order. */
  #take(): Pending<T, R>[] {
    const batch: Pending<T, R>[] = [];
    const rest: Pending<T, R>[] = [];
    const users = new Set<string>();
    let roundId: string | null = null;
    for (const pending of this.#queue) {
      const { userId } = pending.item;
      const joins =
        batch.length < this.limits.size &&
        !this.#busyUsers.has(userId) &&
        !users.has(userId) &&
        (roundId === null || pending.item.roundId === roundId);
      if (!joins) {
        rest.push(pending);
        continue;
      }
      roundId = pending.item.roundId;
      users.add(userId);
      batch.push(pending);
    }
    this.#queue = rest;
    return batch;
  }

  async #run(batch: Pending<T, R>[]): Promise<void> {
    let results: R[] | null = null;
    let failure: unknown = null;
    try {
      results = await this.write(batch.map((pending) => pending.item));
    } catch (error) {
      failure = error;
    }
    this.#inFlight -= 1;
    for (const pending of batch) this.#busyUsers.delete(pending.item.userId);
    batch.forEach((pending, index) => {
      const result = results?.[index];
      if (results && result !== undefined) pending.resolve(result);
      else pending.reject(failure ?? new Error('a batched placement got no answer'));
    });
    this.#schedule();
  }
}
