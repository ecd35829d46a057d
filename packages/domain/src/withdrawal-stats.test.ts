import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currentMedianWait,
  type DecidedWithdrawal,
  inWindow,
  percentileCont,
  rejectedShare,
  roundSeconds,
  windowFigures,
} from './withdrawal-stats.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;

describe('percentileCont', () => {
  it('is null for no values', () => {
    expect(percentileCont([], 0.5)).toBeNull();
  });

  it('is the value itself for one value, whatever the fraction', () => {
    expect(percentileCont([42], 0)).toBe(42);
    expect(percentileCont([42], 0.5)).toBe(42);
    expect(percentileCont([42], 0.95)).toBe(42);
  });

  it.each([
    [[1, 2, 3], 0.5, 2],
    [[1, 2, 3, 4], 0.5, 2.5],
    [[10, 20], 0.95, 19.5],
    [[0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000], 0.95, 950],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 0.95, 19.05],
    [[5, 5, 5, 9], 0.5, 5],
    [[3, 7], 0, 3],
    [[3, 7], 1, 7],
  ])('%j at %d is %d (the same as percentile_cont)', (values, fraction, expected) => {
    expect(percentileCont(values, fraction)).toBeCloseTo(expected, 10);
  });

  it('refuses a fraction outside [0, 1]', () => {
    expect(() => percentileCont([1], 1.5)).toThrow(RangeError);
    expect(() => percentileCont([1], -0.1)).toThrow(RangeError);
    expect(() => percentileCont([1], Number.NaN)).toThrow(RangeError);
  });

  it('lies between the smallest and the largest value and grows with the fraction', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 200 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, a, b) => {
          const sorted = [...values].sort((x, y) => x - y);
          const low = percentileCont(sorted, Math.min(a, b)) as number;
          const high = percentileCont(sorted, Math.max(a, b)) as number;
          expect(low).toBeGreaterThanOrEqual(sorted[0] as number);
          expect(high).toBeLessThanOrEqual(sorted[sorted.length - 1] as number);
          expect(low).toBeLessThanOrEqual(high);
        },
      ),
    );
  });
});

describe('roundSeconds', () => {
  it('rounds to the nearest second, a half up, and keeps null', () => {
    expect(roundSeconds(2.5)).toBe(3);
    expect(roundSeconds(2.49)).toBe(2);
    expect(roundSeconds(0)).toBe(0);
    expect(roundSeconds(null)).toBeNull();
  });
});

describe('rejectedShare', () => {
  it('is rejected over decided, null when nothing was decided', () => {
    expect(rejectedShare(3, 1)).toBe(0.25);
    expect(rejectedShare(0, 2)).toBe(1);
    expect(rejectedShare(5, 0)).toBe(0);
    expect(rejectedShare(0, 0)).toBeNull();
  });
});

describe('inWindow', () => {
  const now = 1_800_000_000;
  it('holds (now - length, now]: the start excluded, now included, the future out', () => {
    expect(inWindow(now, now, '24h')).toBe(true);
    expect(inWindow(now - DAY + 1, now, '24h')).toBe(true);
    expect(inWindow(now - DAY, now, '24h')).toBe(false);
    expect(inWindow(now + 1, now, '24h')).toBe(false);
    expect(inWindow(now - 7 * DAY + 1, now, '7d')).toBe(true);
    expect(inWindow(now - 7 * DAY, now, '7d')).toBe(false);
    expect(inWindow(now - 30 * DAY + 1, now, '30d')).toBe(true);
    expect(inWindow(now - 30 * DAY, now, '30d')).toBe(false);
  });
});

describe('windowFigures', () => {
  const now = 1_800_000_000;
  const paid = (requestedAgo: number, decidedAgo: number): DecidedWithdrawal => ({
    requestedAt: now - requestedAgo,
    decidedAt: now - decidedAgo,
    outcome: 'paid',
  });
  const rejected = (decidedAgo: number): DecidedWithdrawal => ({
    requestedAt: now - decidedAgo - HOUR,
    decidedAt: now - decidedAgo,
    outcome: 'rejected',
  });

  it('has no times and no share for an empty window', () => {
    expect(windowFigures([], now, '24h')).toEqual({
      window: '24h',
      paid: 0,
      rejected: 0,
      medianSeconds: null,
      p95Seconds: null,
      rejectedShare: null,
    });
  });

  it('counts only what was decided in the window, and times only the paid ones', () => {
    const decided = [
      paid(2 * HOUR, HOUR), // waited 1 h, in every window
      paid(5 * HOUR, 2 * HOUR), // waited 3 h, in every window
      paid(3 * DAY + 10 * HOUR, 3 * DAY), // waited 10 h, in 7 d and 30 d
      paid(20 * DAY + DAY, 20 * DAY), // waited 24 h, in 30 d only
      rejected(HOUR), // in every window, no time
      rejected(40 * DAY), // in none
    ];
    expect(windowFigures(decided, now, '24h')).toEqual({
      window: '24h',
      paid: 2,
      rejected: 1,
      medianSeconds: 2 * HOUR,
      p95Seconds: 10_440, // 1 h + 0.95 * 2 h
      rejectedShare: 1 / 3,
    });
    expect(windowFigures(decided, now, '7d')).toMatchObject({
      paid: 3,
      rejected: 1,
      medianSeconds: 3 * HOUR,
      p95Seconds: 33_480, // 3 h + 0.9 * 7 h
      rejectedShare: 0.25,
    });
    expect(windowFigures(decided, now, '30d')).toMatchObject({
      paid: 4,
      rejected: 1,
      medianSeconds: 6.5 * HOUR,
      p95Seconds: 78_840, // 10 h + 0.85 * 14 h
      rejectedShare: 0.2,
    });
  });

  it('does not depend on the order of the samples', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            requestedAt: fc.integer({ min: now - 40 * DAY, max: now }),
            wait: fc.integer({ min: 0, max: 5 * DAY }),
            outcome: fc.constantFrom('paid' as const, 'rejected' as const),
          }),
          { maxLength: 60 },
        ),
        (rows) => {
          const decided = rows.map((row) => ({
            requestedAt: row.requestedAt,
            decidedAt: row.requestedAt + row.wait,
            outcome: row.outcome,
          }));
          const reversed = [...decided].reverse();
          for (const window of ['24h', '7d', '30d'] as const) {
            expect(windowFigures(reversed, now, window)).toEqual(windowFigures(decided, now, window));
          }
        },
      ),
    );
  });
});

describe('currentMedianWait', () => {
  it('takes the shortest window with a paid withdrawal', () => {
    expect(
      currentMedianWait([
        { window: '24h', medianSeconds: 600 },
        { window: '7d', medianSeconds: 900 },
        { window: '30d', medianSeconds: 1200 },
      ]),
    ).toEqual({ window: '24h', seconds: 600 });
    expect(
      currentMedianWait([
        { window: '30d', medianSeconds: 1200 },
        { window: '24h', medianSeconds: null },
        { window: '7d', medianSeconds: 900 },
      ]),
    ).toEqual({ window: '7d', seconds: 900 });
  });

  it('is a zero wait when that is what the data says, and null when nothing was paid in 30 days', () => {
    expect(currentMedianWait([{ window: '24h', medianSeconds: 0 }])).toEqual({ window: '24h', seconds: 0 });
    expect(
      currentMedianWait([
        { window: '24h', medianSeconds: null },
        { window: '7d', medianSeconds: null },
        { window: '30d', medianSeconds: null },
      ]),
    ).toBeNull();
    expect(currentMedianWait([])).toBeNull();
  });
});
