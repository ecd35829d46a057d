/**
 * The language each user last read their notifications in, so a push (a funding decision, a round
 * result) goes out in it. Stored with the user's notification state (a push may be made on any node);
 * this node remembers what it last wrote for a while, so reading the list does not write on every
 * request, only when the language changed or the memory is stale (another node may have written since).
 */
import type { Locale } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

const MAX_ENTRIES = 10_000;
const FRESH_MS = 10 * 60 * 1000;

export class KnownLocales {
  private readonly written = new Map<string, { locale: Locale; atMs: number }>();

  constructor(private readonly deps: { db: Kysely<DB>; repository: NotificationsRepository; clock: Clock }) {}

  async remember(userId: string, locale: Locale): Promise<void> {
    const now = this.deps.clock.now();
    const known = this.written.get(userId);
    if (known && known.locale === locale && now.getTime() - known.atMs < FRESH_MS) return;
    await this.deps.repository.setLocale(this.deps.db, userId, locale, now);
    // Re-inserted at the end: the Map's order is oldest write first, so the oldest is dropped when full.
    this.written.delete(userId);
    if (this.written.size >= MAX_ENTRIES) {
      const oldest = this.written.keys().next();
      if (!oldest.done) this.written.delete(oldest.value);
    }
    this.written.set(userId, { locale, atMs: now.getTime() });
  }
}
