import { describe, expect, it } from 'vitest';
import { BOTH_SIDES_BETS, type BothSidesBet } from './bets.ts';
import { categoriesOf, type StoredTrendFigures, sumsOf, TREND_SUMS, trendFigures } from './trends.ts';

/** What the server keeps, computed the slow way from every counted round's sum, oldest first. */
function storedFrom(history: readonly number[]): StoredTrendFigures {
  const drawn = history.length;
  return {
    drawn,
    sums: TREND_SUMS.map((sum) => ({
      sum,
      lastSeen: history.lastIndexOf(sum) + 1,
      in100: history.slice(-100).filter((value) => value === sum).length,
      in1000: history.slice(-1000).filter((value) => value === sum).length,
    })),
  };
}

/** Rounds since the last one matching, counting back from the newest (all of them when none did). */
function omissionBruteForce(history: readonly number[], matches: (sum: number) => boolean): number {
  for (let back = 0; back < history.length; back++) {
    if (matches(history[history.length - 1 - back] ?? -1)) return back;
  }
  return history.length;
}

/** A deterministic pseudo-random history (a linear congruential generator; no chance in the test). */
function history(length: number, seed = 1): number[] {
  let state = seed;
  return Array.from({ length }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state >> 8) % 28;
  });
}

describe('categories come from the bet catalogue', () => {
  it('puts each sum in its genre categories', () => {
    expect(categoriesOf(13)).toEqual(['short', 'single', 'single_short']);
    expect(categoriesOf(14)).toEqual(['long', 'double', 'long_double']);
    expect(categoriesOf(0)).toEqual(['short', 'double', 'short_double', 'close_short']);
    expect(categoriesOf(27)).toEqual(['long', 'single', 'single_long', 'close_long']);
    expect(categoriesOf(22)).toEqual(['long', 'double', 'long_double', 'close_long']);
  });

  it('big is 14-27, small 0-13, the extremes 22-27 and 0-5', () => {
    expect(sumsOf('long')).toEqual(TREND_SUMS.slice(14));
    expect(sumsOf('short')).toEqual(TREND_SUMS.slice(0, 14));
    expect(sumsOf('close_long')).toEqual([22, 23, 24, 25, 26, 27]);
    expect(sumsOf('close_short')).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('trend figures', () => {
  it('expects 75 of sum 13 and 14 and 1 of sum 0 and 27 in 1,000 rounds', () => {
    const figures = trendFigures(storedFrom(history(1500)));
    const thousand = figures.windows.find((window) => window.size === 1000);
    const expected = (sum: number) => thousand?.sums.find((entry) => entry.sum === sum)?.expected;
    expect(thousand?.rounds).toBe(1000);
    expect([expected(13), expected(14), expected(0), expected(27)]).toEqual([75, 75, 1, 1]);
    const big = thousand?.categories.find((entry) => entry.category === 'long');
    expect(big?.expected).toBe(500);
    const hundred = figures.windows.find((window) => window.size === 100);
    expect(hundred?.sums.find((entry) => entry.sum === 13)?.expected).toBe(7.5);
  });

  it('scales the expectation to a young room', () => {
    const figures = trendFigures(storedFrom(history(40)));
    for (const window of figures.windows) {
      expect(window.rounds).toBe(40);
      expect(window.sums.find((entry) => entry.sum === 13)?.expected).toBe(3);
    }
  });

  it('counts each window and each category as the rounds say', () => {
    for (const length of [0, 1, 99, 100, 101, 999, 1000, 1001, 2345]) {
      const rounds = history(length, length + 3);
      const figures = trendFigures(storedFrom(rounds));
      for (const window of figures.windows) {
        const last = rounds.slice(-window.size);
        for (const entry of window.sums) {
          expect(entry.count).toBe(last.filter((sum) => sum === entry.sum).length);
        }
        for (const entry of window.categories) {
          expect(entry.count).toBe(last.filter((sum) => categoriesOf(sum).includes(entry.category)).length);
        }
      }
    }
  });

  it('gives the omission of every sum and category as counted back from the newest round', () => {
    for (const length of [0, 1, 5, 250, 1200]) {
      const rounds = history(length, 11 * length + 1);
      const figures = trendFigures(storedFrom(rounds));
      for (const entry of figures.omission.sums) {
        expect(entry.omission).toBe(omissionBruteForce(rounds, (sum) => sum === entry.sum));
        expect(entry.seen).toBe(rounds.includes(entry.sum));
      }
      for (const entry of figures.omission.categories) {
        const inCategory = (sum: number) => categoriesOf(sum).includes(entry.category);
        expect(entry.omission).toBe(omissionBruteForce(rounds, inCategory));
      }
    }
  });

  it('an omission is 0 for the newest round’s sum and categories', () => {
    const rounds = [...history(300), 27];
    const figures = trendFigures(storedFrom(rounds));
    expect(figures.omission.sums.find((entry) => entry.sum === 27)?.omission).toBe(0);
    const zero = figures.omission.categories
      .filter((entry) => entry.omission === 0)
      .map((entry) => entry.category);
    expect(zero).toEqual(categoriesOf(27));
    expect(figures.omission.categories.map((entry) => entry.category)).toEqual([...BOTH_SIDES_BETS]);
  });

  it('names the most and least frequent sums, the smaller first on a tie', () => {
    const rounds = [
      ...Array<number>(5).fill(13),
      ...Array<number>(4).fill(7),
      ...Array<number>(4).fill(2),
      20,
    ];
    const hundred = trendFigures(storedFrom(rounds)).windows[0];
    expect(hundred?.hot).toEqual([13, 2, 7]);
    expect(hundred?.cold).toEqual([0, 1, 3]);
    expect(trendFigures(storedFrom([])).windows[0]?.hot).toEqual([]);
  });

  it('refuses figures that cannot be', () => {
    const stored = storedFrom(history(10));
    expect(() => trendFigures({ ...stored, drawn: 9 })).toThrow(RangeError);
    expect(() => trendFigures({ drawn: 1, sums: [{ sum: 28, lastSeen: 1, in100: 1, in1000: 1 }] })).toThrow(
      RangeError,
    );
    expect(() => trendFigures({ ...stored, drawn: -1 })).toThrow(RangeError);
  });

  it('a missing sum has never come', () => {
    const figures = trendFigures({ drawn: 2, sums: [{ sum: 4, lastSeen: 2, in100: 2, in1000: 2 }] });
    const category = (name: BothSidesBet) =>
      figures.omission.categories.find((entry) => entry.category === name);
    expect(category('close_short')).toEqual({ category: 'close_short', omission: 0, seen: true });
    expect(category('long')).toEqual({ category: 'long', omission: 2, seen: false });
  });
});
