/**
 * A value built per key and shared for a short while: a request for a key within `maxAgeMs` of the
 * start of that key's build gets that build, still running or done, so a burst of requests for one key
 * costs one build. Dated from the start of the build, since what it read may be that old. A failed build
 * is dropped at once (the next request tries again). At most `maxKeys` keys are kept, the oldest build
 * dropped first: each value may be large (a round's whole tree).
 *
 * Unlike SharedReadCache (one public value, its JSON body and ETag kept), the value here is kept as built
 * and not serialised by the cache: callers answer different parts of it (one position's proof), and may
 * keep in it what they derive from it for the value's lifetime (the whole round's answer, serialised).
 */
export class SharedBuildCache<K, V> {
  #entries = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    private readonly build: (key: K) => Promise<V>,
    private readonly options: { maxAgeMs: number; maxKeys: number; now: () => number },
  ) {}

  get(key: K): Promise<V> {
    const now = this.options.now();
    const entry = this.#entries.get(key);
    // A clock moved back (tests set it) makes an entry look young forever: treat it as stale.
    if (entry && now >= entry.at && now - entry.at < this.options.maxAgeMs) return entry.value;
    this.#entries.delete(key);
    const created = { at: now, value: this.build(key) };
    this.#entries.set(key, created);
    void created.value.catch(() => {
      if (this.#entries.get(key) === created) this.#entries.delete(key);
    });
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.options.maxKeys) break;
      this.#entries.delete(oldest);
    }
    return created.value;
  }
}
