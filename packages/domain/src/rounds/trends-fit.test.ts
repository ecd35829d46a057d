import { describe, expect, it } from 'vitest';
import { SUM_COUNTS } from './bets.ts';
import { chiSquareFit, MIN_EXPECTED, poolCells } from './trends-fit.ts';

/** 1,000 fair rounds drawn once (numpy multinomial, seed 7), and 1,000 with 13 and 14 weighted 1.6x. */
const FAIR_SAMPLE = [
  1, 5, 8, 8, 13, 26, 15, 27, 36, 60, 69, 66, 76, 64, 86, 81, 66, 65, 48, 50, 29, 39, 24, 16, 8, 9, 4, 1,
];
const LOADED_SAMPLE = [
  0, 2, 4, 6, 17, 18, 36, 32, 43, 42, 56, 60, 68, 91, 105, 77, 73, 46, 50, 52, 43, 21, 29, 13, 8, 5, 1, 2,
];

describe('pooling the thin tails', () => {
  it('pools 0-2 and 25-27 over 1,000 rounds and keeps every other sum on its own', () => {
    const cells = poolCells(FAIR_SAMPLE);
    expect(cells).toHaveLength(24);
    expect(cells[0]).toEqual({ from: 0, to: 2, observed: 14, expected: 10 });
    expect(cells.at(-1)).toEqual({ from: 25, to: 27, observed: 14, expected: 10 });
    expect(cells.slice(1, -1).every((cell) => cell.from === cell.to)).toBe(true);
  });

  it('leaves every cell with at least the minimum expectation, covering each sum once', () => {
    for (const rounds of [20, 37, 100, 250, 999, 1000]) {
      const counts = SUM_COUNTS.map((_, sum) => (sum === 13 ? rounds : 0));
      const cells = poolCells(counts);
      expect(cells.every((cell) => cell.expected >= MIN_EXPECTED - 1e-9)).toBe(true);
      expect(cells[0]?.from).toBe(0);
      expect(cells.at(-1)?.to).toBe(27);
      for (const [index, cell] of cells.slice(1).entries())
        expect(cell.from).toBe((cells[index]?.to ?? -2) + 1);
      expect(cells.reduce((total, cell) => total + cell.observed, 0)).toBe(rounds);
    }
  });

  it('wants one count per sum', () => {
    expect(() => poolCells([1, 2, 3])).toThrow(RangeError);
  });
});

describe('chi-square goodness-of-fit', () => {
  it('matches scipy.stats.chisquare on the same pooled cells', () => {
    const fair = chiSquareFit(FAIR_SAMPLE);
    expect(fair?.statistic).toBeCloseTo(28.744101888449713, 10);
    expect(fair?.degreesOfFreedom).toBe(23);
    expect(fair?.pValue).toBeCloseTo(0.18894424615237623, 10);
    expect(fair?.verdict).toBe('fair');
    expect(fair?.rounds).toBe(1000);
  });

  it('finds a loaded sample borderline and a blatant one unusual', () => {
    const loaded = chiSquareFit(LOADED_SAMPLE);
    expect(loaded?.statistic).toBeCloseTo(41.30169779132257, 10);
    expect(loaded?.pValue).toBeCloseTo(0.010935602244442259, 10);
    const blatant = chiSquareFit(SUM_COUNTS.map((_, sum) => (sum === 13 ? 1000 : 0)));
    expect(blatant?.pValue).toBeLessThan(1e-100);
    expect(blatant?.verdict).toBe('unusual');
  });

  it('calls exactly the expected counts a perfect fit', () => {
    const perfect = chiSquareFit(SUM_COUNTS);
    expect(perfect?.statistic).toBeCloseTo(0, 12);
    expect(perfect?.pValue).toBeCloseTo(1, 12);
    expect(perfect?.verdict).toBe('fair');
  });

  it('makes no test of too few rounds', () => {
    expect(chiSquareFit(SUM_COUNTS.map(() => 0))).toBeNull();
    expect(chiSquareFit(SUM_COUNTS.map((_, sum) => (sum === 10 ? 6 : 0)))).toBeNull();
  });

  it('refuses a negative or fractional count', () => {
    expect(() => chiSquareFit(SUM_COUNTS.map((_, sum) => (sum === 3 ? -1 : 0)))).toThrow(RangeError);
    expect(() => chiSquareFit(SUM_COUNTS.map((_, sum) => (sum === 3 ? 0.5 : 0)))).toThrow(RangeError);
  });
});
