/**
 * Withdrawals in the open (decision 0036): the public queue figures and a user's place in the queue,
 * computed only from the withdrawals (no figure anyone types; an operator moves them only by paying or
 * rejecting). The public figures are computed once for everyone and served from memory for a few
 * seconds (SharedReadCache: a burst of requests costs one computation); a user's place is read fresh.
 */
import type { PageQuery, WithdrawalQueue, WithdrawalSample, WithdrawalStats } from '@tradehall/contracts';
import {
  currentMedianWait,
  rejectedShare,
  roundSeconds,
  WITHDRAWAL_STATS_WINDOW_SECONDS,
  WITHDRAWAL_STATS_WINDOWS,
  type WithdrawalStatsWindow,
} from '@tradehall/domain';
import type { Kysely } from 'kysely';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { keysetPage, type Page, UUID_ID } from '../../platform/pagination.ts';
import { type SharedRead, SharedReadCache } from '../../platform/shared-read-cache.ts';
import type { WithdrawalStatsRepository } from './withdrawal-stats.repository.ts';

/** How long the public figures may be served before they are computed again. */
export const WITHDRAWAL_STATS_MAX_AGE_MS = 5_000;

export interface WithdrawalStatsServiceDeps {
  db: Kysely<DB>;
  repository: WithdrawalStatsRepository;
  clock: Clock;
}

export class WithdrawalStatsService {
  readonly #shared: SharedReadCache<WithdrawalStats>;

  constructor(private readonly deps: WithdrawalStatsServiceDeps) {
    this.#shared = new SharedReadCache(() => this.compute(), {
      maxAgeMs: WITHDRAWAL_STATS_MAX_AGE_MS,
      now: () => deps.clock.now().getTime(),
    });
  }

  /** The figures, their JSON body and ETag, computed once for everyone. */
  shared(): Promise<SharedRead<WithdrawalStats>> {
    return this.#shared.get();
  }

  async queue(userId: string): Promise<WithdrawalQueue> {
    const [stats, pending, mine] = await Promise.all([
      this.#shared.get(),
      this.deps.repository.pending(this.deps.db),
      this.deps.repository.queueOf(this.deps.db, userId),
    ]);
    return {
      asOf: toUnixSeconds(this.deps.clock.now()),
      pendingCount: pending.count,
      medianWait: stats.value.medianWait,
      items: mine.map((row) => ({
        id: row.id,
        reference: row.reference,
        amount: row.amount,
        createdAt: toUnixSeconds(row.created_at),
        place: row.place,
      })),
    };
  }

  /**
   * The decided withdrawals of the 30-day window, most recently decided first: what anyone needs to
   * recompute the window figures (docs/trust/withdrawals.md). The page key is the decision time.
   */
  samples(query: PageQuery): Promise<Page<WithdrawalSample>> {
    const now = toUnixSeconds(this.deps.clock.now());
    const { from, until } = windowRange(now, '30d');
    return keysetPage(
      query,
      UUID_ID,
      async (cursor, limit) =>
        (await this.deps.repository.decidedPage(this.deps.db, from, until, cursor, limit)).flatMap((row) =>
          row.decided_at && row.status !== 'pending'
            ? [{ id: row.id, created_at: row.decided_at, requestedAt: row.created_at, outcome: row.status }]
            : [],
        ),
      (row) => ({
        requestedAt: toUnixSeconds(row.requestedAt),
        decidedAt: toUnixSeconds(row.created_at),
        outcome: row.outcome,
      }),
    );
  }

  private async compute(): Promise<WithdrawalStats> {
    const db = this.deps.db;
    const now = toUnixSeconds(this.deps.clock.now());
    const [pending, windows] = await Promise.all([
      this.deps.repository.pending(db),
      Promise.all(
        WITHDRAWAL_STATS_WINDOWS.map(async (window) => {
          const { from, until } = windowRange(now, window);
          const figures = await this.deps.repository.decided(db, from, until);
          return {
            window,
            paid: figures.paid,
            rejected: figures.rejected,
            medianSeconds: roundSeconds(figures.median),
            p95Seconds: roundSeconds(figures.p95),
            rejectedShare: rejectedShare(figures.paid, figures.rejected),
          };
        }),
      ),
    ]);
    return {
      asOf: now,
      pending: {
        count: pending.count,
        amount: pending.amount,
        oldestRequestedAt: pending.oldestRequestedAt ? toUnixSeconds(pending.oldestRequestedAt) : null,
      },
      windows,
      medianWait: currentMedianWait(windows),
    };
  }
}

/** A window as a decided_at range: the decisions whose unix second is in (now - length, now]. */
function windowRange(now: number, window: WithdrawalStatsWindow): { from: Date; until: Date } {
  return {
    from: new Date((now - WITHDRAWAL_STATS_WINDOW_SECONDS[window] + 1) * 1000),
    until: new Date((now + 1) * 1000),
  };
}
