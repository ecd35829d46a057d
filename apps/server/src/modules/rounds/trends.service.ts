/**
 * The trend tables of a room (docs/decisions/0031-trend-tables-omission-chi-square.md): every figure
 * derives in the domain from the 28 rows TrendsRepository keeps, so a request is the same two
 * statements with ten rounds of history or a million. The rounds themselves page by the usual keyset.
 */
import type { PageQuery, RoomTrends, TrendRound, TrendRoundPage } from '@tradehall/contracts';
import { categoriesOf, chiSquareFit, trendFigures, windowCounts } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import { toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { keysetPage, UUID_ID } from '../../platform/pagination.ts';
import type { RoomsRepository } from './rooms.repository.ts';
import type { TrendRoundRow, TrendsRepository } from './trends.repository.ts';

/** The rounds the Trend tab shows at first. */
export const TREND_TABLE_ROUNDS = 100;

export interface TrendsServiceDeps {
  db: Kysely<DB>;
  rooms: RoomsRepository;
  trends: TrendsRepository;
}

export class TrendsService {
  constructor(private readonly deps: TrendsServiceDeps) {}

  async room(roomId: string): Promise<RoomTrends> {
    const stored = await this.deps.trends.figures(this.deps.db, roomId);
    if (!stored) throw new AppError('NOT_FOUND');
    const figures = trendFigures(stored);
    const rounds = await this.page(roomId, { limit: TREND_TABLE_ROUNDS });
    return { roomId, ...figures, fit: chiSquareFit(windowCounts(figures, 1000)), rounds };
  }

  async rounds(roomId: string, query: PageQuery): Promise<TrendRoundPage> {
    if (!(await this.deps.rooms.find(this.deps.db, roomId))) throw new AppError('NOT_FOUND');
    return this.page(roomId, query);
  }

  private page(roomId: string, query: PageQuery): Promise<TrendRoundPage> {
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.trends.drawnRounds(this.deps.db, roomId, cursor, limit),
      toTrendRound,
    );
  }
}

function toTrendRound(row: TrendRoundRow): TrendRound {
  return {
    id: row.id,
    issue: row.issue,
    status: row.status,
    digits: row.digits,
    sum: row.sum,
    // A voided round counts nowhere, so it carries no category either.
    categories: row.sum === null || row.status === 'void' ? [] : categoriesOf(row.sum),
    drawsAt: toUnixSeconds(row.draws_at),
  };
}
