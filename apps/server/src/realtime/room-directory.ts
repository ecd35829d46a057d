/**
 * Which room ids exist, for `round.<roomId>` subscriptions. Rooms are few and are never deleted, so the
 * known ids are kept; an unknown id re-reads the list at most once per refresh interval, so a client
 * naming made-up rooms costs no more than one query per interval for the whole node.
 */
const REFRESH_INTERVAL_MS = 5_000;

export class RoomDirectory {
  #known = new Set<string>();
  #refreshedAt = Number.NEGATIVE_INFINITY;
  #refreshing: Promise<void> | null = null;

  constructor(private readonly listRoomIds: () => Promise<string[]>) {}

  async exists(roomId: string): Promise<boolean> {
    if (this.#known.has(roomId)) return true;
    if (performance.now() - this.#refreshedAt >= REFRESH_INTERVAL_MS) await this.refresh();
    return this.#known.has(roomId);
  }

  private refresh(): Promise<void> {
    // Concurrent misses share one query.
    this.#refreshing ??= this.listRoomIds()
      .then((ids) => {
        this.#known = new Set(ids);
        this.#refreshedAt = performance.now();
      })
      .finally(() => {
        this.#refreshing = null;
      });
    return this.#refreshing;
  }
}
