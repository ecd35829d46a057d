/**
 * Withdrawals in the open: the only SQL of the public queue figures. Everything is read from the
 * withdrawals table itself (status, request and decision times, amounts); no setting or typed figure
 * takes part. The definitions are packages/domain's withdrawal-stats.ts, which these queries must agree
 * with to the second (withdrawal-stats.test.ts holds them to it):
 *
 * - a wait is whole unix seconds: floor(epoch(decided_at)) - floor(epoch(created_at));
 * - a window is the decisions whose unix second lies in (now - length, now], which is
 *   decided_at in [now - length + 1 s, now + 1 s) for `now` a whole second: a range the partial index
 *   withdrawals_decided_idx (migration 0018) serves;
 * - percentiles are percentile_cont over the window's paid waits (the service rounds them).
 */
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { WithdrawalStatusColumn } from '../../platform/db/schema.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

export interface PendingFigures {
  count: number;
  amount: number;
  oldestRequestedAt: Date | null;
}

export interface DecidedFigures {
  paid: number;
  rejected: number;
  /** Unrounded percentile_cont of the paid waits, seconds; null when nothing was paid. */
  median: number | null;
  p95: number | null;
}

export interface QueuedWithdrawalRow {
  id: string;
  reference: string;
  amount: number;
  created_at: Date;
  place: number;
}

export interface DecidedWithdrawalRow {
  id: string;
  status: WithdrawalStatusColumn;
  created_at: Date;
  decided_at: Date | null;
}

export class WithdrawalStatsRepository {
  async pending(executor: Executor): Promise<PendingFigures> {
    const row = await executor
      .selectFrom('withdrawals')
      .select([
        sql<number>`count(*)`.as('count'),
        sql<number>`coalesce(sum(amount), 0)::int8`.as('amount'),
        sql<Date | null>`min(created_at)`.as('oldest'),
      ])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return { count: row.count, amount: row.amount, oldestRequestedAt: row.oldest };
  }

  /** The decisions with decided_at in [from, until): their counts and the paid waits' percentiles. */
  async decided(executor: Executor, from: Date, until: Date): Promise<DecidedFigures> {
    const wait = sql<number>`(floor(extract(epoch from decided_at)) - floor(extract(epoch from created_at)))::float8`;
    const row = await executor
      .selectFrom('withdrawals')
      .select([
        sql<number>`count(*) filter (where status = 'paid')`.as('paid'),
        sql<number>`count(*) filter (where status = 'rejected')`.as('rejected'),
        sql<
          number | null
        >`percentile_cont(0.5) within group (order by ${wait}) filter (where status = 'paid')`.as('median'),
        sql<
          number | null
        >`percentile_cont(0.95) within group (order by ${wait}) filter (where status = 'paid')`.as('p95'),
      ])
      .where('status', '<>', 'pending')
      .where('decided_at', '>=', from)
      .where('decided_at', '<', until)
      .executeTakeFirstOrThrow();
    return { paid: row.paid, rejected: row.rejected, median: row.median, p95: row.p95 };
  }

  /**
   * The user's pending withdrawals, oldest first, each with its place among everyone's pending: 1 + the
   * pending requested before it (request time to the microsecond, the id breaking a tie), counted on the
   * (status, created_at, id) index.
   */
  queueOf(executor: Executor, userId: string): Promise<QueuedWithdrawalRow[]> {
    return executor
      .selectFrom('withdrawals as mine')
      .select([
        'mine.id',
        'mine.reference',
        'mine.amount',
        'mine.created_at',
        sql<number>`1 + (select count(*) from withdrawals ahead
          where ahead.status = 'pending' and (ahead.created_at, ahead.id) < (mine.created_at, mine.id))`.as(
          'place',
        ),
      ])
      .where('mine.user_id', '=', userId)
      .where('mine.status', '=', 'pending')
      .orderBy('mine.created_at')
      .orderBy('mine.id')
      .execute();
  }

  /**
   * The decisions with decided_at in [from, until), most recently decided first, keyset-paged on
   * (decided_at, id): the published samples, read on withdrawals_decided_idx.
   */
  decidedPage(
    executor: Executor,
    from: Date,
    until: Date,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<DecidedWithdrawalRow[]> {
    const query = executor
      .selectFrom('withdrawals')
      .select(['id', 'status', 'created_at', 'decided_at'])
      .where('status', '<>', 'pending')
      .where('decided_at', '>=', from)
      .where('decided_at', '<', until);
    return paginate(query, cursor, limit, ['decided_at', 'id']).execute();
  }
}
