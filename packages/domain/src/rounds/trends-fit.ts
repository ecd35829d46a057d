/**
 * Does a room's recent draw look like a fair one? Pearson's chi-square goodness-of-fit of the observed
 * sums against the exact distribution of the sum of three independent uniform digits (SUM_COUNTS).
 *
 * The test's chi-square approximation needs enough expected observations per cell, and the tails are
 * thin (sum 0 is 1 in 1,000), so adjacent sums are pooled: walking up from sum 0, cells are merged until
 * the pooled expectation reaches MIN_EXPECTED (Cochran's rule of 5); a remainder at the top that falls
 * short joins the cell before it. The distribution rises then falls, so only the tails are pooled. The
 * degrees of freedom are the pooled cells minus one (nothing is estimated from the data). Fewer than two
 * cells (a room with only a handful of rounds) is no test at all.
 */
import { SUM_COUNTS } from './bets.ts';
import { chiSquareSurvival } from './trends-gamma.ts';

/** The rounds the fit looks at: the last 1,000 counted ones. */
export const FIT_WINDOW = 1000;
/** A pooled cell's smallest expected count. */
export const MIN_EXPECTED = 5;
/** Below this p-value the result is called unusual for a fair draw. */
export const UNUSUAL_BELOW = 0.01;

export interface FitCell {
  /** The first and last sum the cell pools. */
  from: number;
  to: number;
  observed: number;
  expected: number;
}

export interface FitResult {
  rounds: number;
  cells: FitCell[];
  statistic: number;
  degreesOfFreedom: number;
  pValue: number;
  /** In plain words: the results match a fair draw, or they are unusual for one. */
  verdict: 'fair' | 'unusual';
}

/** Adjacent sums pooled until each cell expects at least MIN_EXPECTED of `rounds`. */
export function poolCells(counts: readonly number[]): FitCell[] {
  if (counts.length !== SUM_COUNTS.length) throw new RangeError('one count per sum 0-27');
  const rounds = counts.reduce((total, count) => total + count, 0);
  const cells: FitCell[] = [];
  let open: FitCell | null = null;
  counts.forEach((count, sum) => {
    const expected = (rounds * (SUM_COUNTS[sum] ?? 0)) / 1000;
    open = open
      ? { ...open, to: sum, observed: open.observed + count, expected: open.expected + expected }
      : { from: sum, to: sum, observed: count, expected };
    if (open.expected >= MIN_EXPECTED) {
      cells.push(open);
      open = null;
    }
  });
  const rest = open as FitCell | null;
  if (rest) {
    const last = cells.pop();
    cells.push(
      last
        ? {
            from: last.from,
            to: rest.to,
            observed: last.observed + rest.observed,
            expected: last.expected + rest.expected,
          }
        : rest,
    );
  }
  return cells;
}

/** The fit over the given sums' counts (the last FIT_WINDOW rounds); null when there is too little to test. */
export function chiSquareFit(counts: readonly number[]): FitResult | null {
  for (const count of counts) {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`bad count ${count}`);
  }
  const cells = poolCells(counts);
  if (cells.length < 2) return null;
  const statistic = cells.reduce(
    (total, cell) => total + (cell.observed - cell.expected) ** 2 / cell.expected,
    0,
  );
  const degreesOfFreedom = cells.length - 1;
  const pValue = chiSquareSurvival(statistic, degreesOfFreedom);
  return {
    rounds: counts.reduce((total, count) => total + count, 0),
    cells,
    statistic,
    degreesOfFreedom,
    pValue,
    verdict: pValue < UNUSUAL_BELOW ? 'unusual' : 'fair',
  };
}
