/**
 * A public read computed once and served to everyone from memory: the value, its JSON body (serialised
 * once, sent as is) and an ETag (a hash of the body, so a 304 answers If-None-Match). It is recomputed
 * when it is older than `maxAgeMs` or after invalidate(); requests that find it stale while it is being
 * recomputed wait for that one computation instead of starting their own, so a burst of misses costs one
 * query. A failed computation is not kept: the next request tries again.
 *
 * On several nodes each keeps its own copy: another node's writes reach it within `maxAgeMs` (the local
 * node's are invalidated at once by whoever knows they happened).
 */
import { createHash } from 'node:crypto';

export interface SharedRead<T> {
  value: T;
  body: string;
  etag: string;
}

interface Entry<T> {
  read: SharedRead<T>;
  at: number;
  generation: number;
}

export class SharedReadCache<T> {
  #entry: Entry<T> | null = null;
  #generation = 0;
  #pending: { generation: number; promise: Promise<SharedRead<T>> } | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly options: { maxAgeMs: number; now?: () => number },
  ) {}

  get(): Promise<SharedRead<T>> {
    const now = this.now();
    const entry = this.#entry;
    if (entry && entry.generation === this.#generation && now - entry.at < this.options.maxAgeMs) {
      return Promise.resolve(entry.read);
    }
    const pending = this.#pending;
    if (pending && pending.generation === this.#generation) return pending.promise;
    const generation = this.#generation;
    const promise = this.compute(generation, now);
    this.#pending = { generation, promise };
    return promise;
  }

  /** The next get() computes afresh (a computation already running is not reused for it). */
  invalidate(): void {
    this.#generation += 1;
  }

  private async compute(generation: number, startedAt: number): Promise<SharedRead<T>> {
    try {
      const value = await this.load();
      const body = JSON.stringify(value);
      const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
      const read = { value, body, etag };
      // Dated from the start of the computation: what it read may be that old.
      if (!this.#entry || this.#entry.generation <= generation)
        this.#entry = { read, at: startedAt, generation };
      return read;
    } finally {
      if (this.#pending?.generation === generation) this.#pending = null;
    }
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }
}

/** Whether a request's If-None-Match names this ETag (a list, weak forms and `*` included). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
