/**
 * Who receives what, kept as sets by key so an event finds its subscribers without scanning every
 * connection: public topics by topic name, the `user` topic by user id (one user's events never reach
 * another's connections), and every authenticated connection by user id (to close them all at once).
 */
export class SubscriberIndex<C> {
  readonly #sets = new Map<string, Set<C>>();

  add(key: string, member: C): void {
    let set = this.#sets.get(key);
    if (!set) {
      set = new Set();
      this.#sets.set(key, set);
    }
    set.add(member);
  }

  remove(key: string, member: C): void {
    const set = this.#sets.get(key);
    if (!set) return;
    set.delete(member);
    if (set.size === 0) this.#sets.delete(key);
  }

  /** The live set (do not keep it); empty when nobody is there. */
  get(key: string): ReadonlySet<C> {
    return this.#sets.get(key) ?? EMPTY;
  }

  /** Members summed over keys. */
  get size(): number {
    let total = 0;
    for (const set of this.#sets.values()) total += set.size;
    return total;
  }
}

const EMPTY: ReadonlySet<never> = new Set<never>();
