/**
 * The trend tables' figures (the honest version of the genre's "omission" tables). A round counts once
 * it is settled with a sum; voided rounds never count. The categories are the both-sides bets (big,
 * small, odd, even, the four combinations and the two extremes) as betWins defines them, so the
 * tables and the payouts can never disagree about what "big" is.
 *
 * The server keeps per room, for every sum 0-27, the index of the last counted round that had it and
 * how often it came in the last 100 and 1,000 counted rounds; everything here derives from those 28
 * rows and the room's number of counted rounds: a category's omission is the smallest of its sums'
 * omissions, its count the sum of theirs.
 */
import { BOTH_SIDES_BETS, type BothSidesBet, betWins, SPECIAL_NUMBER_MAX, SUM_COUNTS } from './bets.ts';

/** The windows the tables count over, in counted rounds. */
export const TREND_WINDOWS = [100, 1000] as const;
export type TrendWindow = (typeof TREND_WINDOWS)[number];
/** How many hot and cold sums each window names. */
export const HOT_COLD_SIZE = 3;
/** Every sum a round can have. */
export const TREND_SUMS: readonly number[] = Array.from({ length: SPECIAL_NUMBER_MAX + 1 }, (_, sum) => sum);

/** The categories a sum belongs to, in the catalogue's order. */
export function categoriesOf(sum: number): BothSidesBet[] {
  return BOTH_SIDES_BETS.filter((type) => betWins({ category: 'both_sides', type }, sum));
}

/** The sums a category covers. */
export function sumsOf(category: BothSidesBet): number[] {
  return TREND_SUMS.filter((sum) => betWins({ category: 'both_sides', type: category }, sum));
}

/** Of 1,000 equally likely digit triples, how many give one of these sums. */
function triplesOf(sums: readonly number[]): number {
  return sums.reduce((total, sum) => total + (SUM_COUNTS[sum] ?? 0), 0);
}

/** The expected number of appearances in `rounds` fair rounds of an outcome covering `triples` of 1,000. */
export function expectedCount(rounds: number, triples: number): number {
  return (rounds * triples) / 1000;
}

/** What the server keeps for one sum of one room. */
export interface StoredSumFigures {
  sum: number;
  /** 1-based index of the last counted round with this sum; 0 when it never came. */
  lastSeen: number;
  in100: number;
  in1000: number;
}

export interface StoredTrendFigures {
  /** Counted (settled) rounds of the room so far. */
  drawn: number;
  /** One entry per sum; a missing sum has never come. */
  sums: readonly StoredSumFigures[];
}

export interface FrequencyFigure {
  count: number;
  expected: number;
}

export interface TrendWindowFigures {
  size: TrendWindow;
  /** Rounds in the window: the size, or fewer while the room is young. */
  rounds: number;
  sums: Array<FrequencyFigure & { sum: number }>;
  categories: Array<FrequencyFigure & { category: BothSidesBet }>;
  /** The sums that came most and least often (ties: the smaller sum first). Empty before any round. */
  hot: number[];
  cold: number[];
}

export interface OmissionFigure {
  /** Counted rounds since it last came (all of them when it never came). */
  omission: number;
  seen: boolean;
}

export interface TrendFigures {
  drawn: number;
  windows: TrendWindowFigures[];
  omission: {
    sums: Array<OmissionFigure & { sum: number }>;
    categories: Array<OmissionFigure & { category: BothSidesBet }>;
  };
}

function storedBySum(stored: StoredTrendFigures): Map<number, StoredSumFigures> {
  const bySum = new Map<number, StoredSumFigures>();
  for (const entry of stored.sums) {
    if (!Number.isInteger(entry.sum) || entry.sum < 0 || entry.sum > SPECIAL_NUMBER_MAX) {
      throw new RangeError(`no such sum ${entry.sum}`);
    }
    if (entry.lastSeen > stored.drawn) throw new RangeError(`sum ${entry.sum} seen after the last round`);
    bySum.set(entry.sum, entry);
  }
  return bySum;
}

function countIn(entry: StoredSumFigures | undefined, size: TrendWindow): number {
  if (!entry) return 0;
  return size === 100 ? entry.in100 : entry.in1000;
}

function rank(sums: ReadonlyArray<{ sum: number; count: number }>, order: 1 | -1): number[] {
  return [...sums]
    .sort((a, b) => order * (b.count - a.count) || a.sum - b.sum)
    .slice(0, HOT_COLD_SIZE)
    .map((entry) => entry.sum);
}

function windowFigures(bySum: Map<number, StoredSumFigures>, drawn: number, size: TrendWindow) {
  const rounds = Math.min(drawn, size);
  const sums = TREND_SUMS.map((sum) => ({
    sum,
    count: countIn(bySum.get(sum), size),
    expected: expectedCount(rounds, SUM_COUNTS[sum] ?? 0),
  }));
  const counted = sums.reduce((total, entry) => total + entry.count, 0);
  if (counted !== rounds)
    throw new RangeError(`the ${size}-round window holds ${counted} of ${rounds} rounds`);
  const categories = BOTH_SIDES_BETS.map((category) => {
    const covered = sumsOf(category);
    return {
      category,
      count: covered.reduce((total, sum) => total + countIn(bySum.get(sum), size), 0),
      expected: expectedCount(rounds, triplesOf(covered)),
    };
  });
  return {
    size,
    rounds,
    sums,
    categories,
    hot: rounds === 0 ? [] : rank(sums, 1),
    cold: rounds === 0 ? [] : rank(sums, -1),
  };
}

function omissionOf(lastSeen: number, drawn: number): OmissionFigure {
  return { omission: drawn - lastSeen, seen: lastSeen > 0 };
}

/** Every figure of the tables from what the server keeps. */
export function trendFigures(stored: StoredTrendFigures): TrendFigures {
  if (!Number.isSafeInteger(stored.drawn) || stored.drawn < 0) throw new RangeError('bad round count');
  const bySum = storedBySum(stored);
  const lastSeen = (sum: number) => bySum.get(sum)?.lastSeen ?? 0;
  return {
    drawn: stored.drawn,
    windows: TREND_WINDOWS.map((size) => windowFigures(bySum, stored.drawn, size)),
    omission: {
      sums: TREND_SUMS.map((sum) => ({ sum, ...omissionOf(lastSeen(sum), stored.drawn) })),
      categories: BOTH_SIDES_BETS.map((category) => ({
        category,
        ...omissionOf(Math.max(...sumsOf(category).map(lastSeen)), stored.drawn),
      })),
    },
  };
}

/** The sums of a 1,000-round window, for the goodness-of-fit. */
export function windowCounts(figures: TrendFigures, size: TrendWindow): number[] {
  const window = figures.windows.find((entry) => entry.size === size);
  return window ? window.sums.map((entry) => entry.count) : [];
}
