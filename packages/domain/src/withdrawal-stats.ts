/**
 * Withdrawals in the open: the public queue figures, defined once. The server computes them in SQL (it
 * cannot load a month of withdrawals into memory); these functions are the definition it must agree with,
 * and what anyone recomputes the figures with from the published samples (docs/trust/withdrawals.md).
 *
 * - A withdrawal is *decided* when it leaves `pending`: `paid` (the operator marked the money sent) or
 *   `rejected` (the held amount went back to the user). Its decision time is `decidedAt`.
 * - Its *wait* is whole seconds from request to decision: `decidedAt - requestedAt` in unix seconds.
 * - A window (last 24 h, 7 days, 30 days) holds the withdrawals decided in (now - length, now].
 * - Median and p95 are over the waits of the window's *paid* withdrawals, interpolated linearly between
 *   the two nearest ranks (PostgreSQL's `percentile_cont`), then rounded to the nearest second.
 * - The rejected share is rejected / (paid + rejected) over the same window.
 */

export const WITHDRAWAL_STATS_WINDOWS = ['24h', '7d', '30d'] as const;
export type WithdrawalStatsWindow = (typeof WITHDRAWAL_STATS_WINDOWS)[number];

export const WITHDRAWAL_STATS_WINDOW_SECONDS: Record<WithdrawalStatsWindow, number> = {
  '24h': 24 * 60 * 60,
  '7d': 7 * 24 * 60 * 60,
  '30d': 30 * 24 * 60 * 60,
};

export const MEDIAN = 0.5;
export const P95 = 0.95;

/** One decided withdrawal, as published: times in unix seconds. */
export interface DecidedWithdrawal {
  requestedAt: number;
  decidedAt: number;
  outcome: 'paid' | 'rejected';
}

export interface WindowFigures {
  window: WithdrawalStatsWindow;
  paid: number;
  rejected: number;
  /** Seconds; null when nothing was paid in the window. */
  medianSeconds: number | null;
  p95Seconds: number | null;
  /** rejected / (paid + rejected), 0..1; null when nothing was decided in the window. */
  rejectedShare: number | null;
}

/**
 * The `fraction` percentile of ascending `sorted` values, interpolated between the two nearest ranks
 * exactly as PostgreSQL's percentile_cont does it (same operations, so the same double); null when empty.
 */
export function percentileCont(sorted: readonly number[], fraction: number): number | null {
  if (!(fraction >= 0 && fraction <= 1))
    throw new RangeError(`percentile fraction ${fraction} not in [0, 1]`);
  const count = sorted.length;
  if (count === 0) return null;
  const position = fraction * (count - 1);
  const lowerRank = Math.floor(position);
  const lower = sorted[lowerRank] as number;
  const proportion = position - lowerRank;
  if (proportion === 0) return lower;
  const upper = sorted[lowerRank + 1] as number;
  return lower + proportion * (upper - lower);
}

/** A percentile as published: whole seconds, half away from zero (waits are never negative). */
export function roundSeconds(value: number | null): number | null {
  return value === null ? null : Math.round(value);
}

export function waitSeconds(withdrawal: Pick<DecidedWithdrawal, 'requestedAt' | 'decidedAt'>): number {
  return withdrawal.decidedAt - withdrawal.requestedAt;
}

export function rejectedShare(paid: number, rejected: number): number | null {
  const decided = paid + rejected;
  return decided === 0 ? null : rejected / decided;
}

/** Whether a decision at `decidedAt` falls in the window ending at `now`: (now - length, now]. */
export function inWindow(decidedAt: number, now: number, window: WithdrawalStatsWindow): boolean {
  return decidedAt > now - WITHDRAWAL_STATS_WINDOW_SECONDS[window] && decidedAt <= now;
}

/** Every figure of one window, from the decided withdrawals (the reference computation). */
export function windowFigures(
  decided: readonly DecidedWithdrawal[],
  now: number,
  window: WithdrawalStatsWindow,
): WindowFigures {
  const inside = decided.filter((withdrawal) => inWindow(withdrawal.decidedAt, now, window));
  const waits = inside
    .filter((withdrawal) => withdrawal.outcome === 'paid')
    .map(waitSeconds)
    .sort((a, b) => a - b);
  const rejected = inside.length - waits.length;
  return {
    window,
    paid: waits.length,
    rejected,
    medianSeconds: roundSeconds(percentileCont(waits, MEDIAN)),
    p95Seconds: roundSeconds(percentileCont(waits, P95)),
    rejectedShare: rejectedShare(waits.length, rejected),
  };
}

/**
 * The wait a user with a pending withdrawal is told: the median of the shortest window in which anything
 * was paid (the most recent evidence there is), with the window it comes from; null when nothing was paid
 * in 30 days.
 */
export function currentMedianWait(
  windows: readonly Pick<WindowFigures, 'window' | 'medianSeconds'>[],
): { window: WithdrawalStatsWindow; seconds: number } | null {
  for (const key of WITHDRAWAL_STATS_WINDOWS) {
    const seconds = windows.find((figures) => figures.window === key)?.medianSeconds ?? null;
    if (seconds !== null) return { window: key, seconds };
  }
  return null;
}
