/**
 * The home page's market figures (DESIGN §1: every figure computed from data): today's volume (stakes
 * placed today, UTC) and trading users (distinct users with a position today), and per room its current
 * round, the sums of its last settled rounds, how often they were long / short / single / double (the
 * domain's betWins), and the users' profit in its last settled round.
 */
import type { MarketOverview } from '@tradehall/contracts';
import { betWins } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { startOfUtcDay, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type SharedRead, SharedReadCache } from '../../platform/shared-read-cache.ts';
import type { PositionFigures } from '../positions/positions.service.ts';
import { type RoomStore, type RoundStore, toRoundView } from '../rounds/rooms.service.ts';

/** Settled rounds per room the trend charts show. */
export const RECENT_ROUNDS = 30;

/** How long the shared overview may be served before it is read again (round events refresh it at once). */
export const MARKET_MAX_AGE_MS = 500;

export interface MarketServiceDeps {
  db: Kysely<DB>;
  rooms: RoomStore;
  rounds: RoundStore;
  positions: PositionFigures;
  clock: Clock;
}

export class MarketService {
  readonly #shared: SharedReadCache<MarketOverview>;

  constructor(private readonly deps: MarketServiceDeps) {
    this.#shared = new SharedReadCache(() => this.read(), { maxAgeMs: MARKET_MAX_AGE_MS });
  }

  /** The overview, its JSON body and ETag, computed once for everyone. */
  shared(): Promise<SharedRead<MarketOverview>> {
    return this.#shared.get();
  }

  async overview(): Promise<MarketOverview> {
    return (await this.#shared.get()).value;
  }

  /** A round moved on this node: the next read is fresh. */
  invalidate(): void {
    this.#shared.invalidate();
  }

  private async read(): Promise<MarketOverview> {
    const now = this.deps.clock.now();
    const dayStart = startOfUtcDay(now);
    const activity = await this.deps.positions.dailyFigures(
      this.deps.db,
      dayStart.toISOString().slice(0, 10),
    );
    const rooms = await this.deps.rooms.list(this.deps.db);
    const current = await this.deps.rounds.currentViews(
      this.deps.db,
      rooms.map((room) => room.id),
    );
    const items: MarketOverview['rooms'] = [];
    for (const room of rooms) {
      const recent = await this.deps.rounds.recentSettled(this.deps.db, room.id, RECENT_ROUNDS);
      const count = (type: 'long' | 'short' | 'single' | 'double') =>
        recent.filter((round) => betWins({ category: 'both_sides', type }, round.sum)).length;
      const row = current.get(room.id);
      items.push({
        roomId: room.id,
        tier: room.tier,
        currentRound: row ? toRoundView(row) : null,
        recent: recent.map((round) => ({
          issue: round.issue,
          sum: round.sum,
          settledAt: toUnixSeconds(round.settledAt),
        })),
        frequencies: {
          long: count('long'),
          short: count('short'),
          single: count('single'),
          double: count('double'),
        },
        lastRoundProfit: recent[0]?.profit ?? null,
      });
    }
    return {
      tradingDate: dayStart.toISOString().slice(0, 10),
      todayVolume: activity.volume,
      tradingUsers: activity.users,
      rooms: items,
    };
  }
}
