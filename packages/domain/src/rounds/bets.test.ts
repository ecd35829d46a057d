import { describe, expect, it } from 'vitest';
import {
  allBets,
  type Bet,
  betWins,
  isValidBet,
  multiplierHundredths,
  oddsTable,
  payoutFor,
  SUM_COUNTS,
  winningTriples,
} from './bets.ts';

/** Independent count: enumerate all 1,000 triples and test the bet's rule on each sum. */
function enumerate(bet: Bet): number {
  let wins = 0;
  for (let a = 0; a < 10; a++)
    for (let b = 0; b < 10; b++) for (let c = 0; c < 10; c++) if (betWins(bet, a + b + c)) wins++;
  return wins;
}

describe('bet catalogue', () => {
  it('sum counts cover all 1,000 triples and are symmetric', () => {
    expect(SUM_COUNTS.reduce((a, b) => a + b, 0)).toBe(1000);
    for (let sum = 0; sum <= 27; sum++) expect(SUM_COUNTS[sum]).toBe(SUM_COUNTS[27 - sum]);
    expect(SUM_COUNTS[13]).toBe(75);
  });

  it('has the probabilities of DESIGN §6', () => {
    const p = (bet: Bet) => winningTriples(bet) / 1000;
    expect(p({ category: 'both_sides', type: 'long' })).toBe(0.5);
    expect(p({ category: 'both_sides', type: 'short' })).toBe(0.5);
    expect(p({ category: 'both_sides', type: 'single' })).toBe(0.5);
    expect(p({ category: 'both_sides', type: 'double' })).toBe(0.5);
    expect(p({ category: 'both_sides', type: 'single_long' })).toBe(0.231);
    expect(p({ category: 'both_sides', type: 'long_double' })).toBe(0.269);
    expect(p({ category: 'both_sides', type: 'single_short' })).toBe(0.269);
    expect(p({ category: 'both_sides', type: 'short_double' })).toBe(0.231);
    expect(p({ category: 'both_sides', type: 'close_long' })).toBe(0.056);
    expect(p({ category: 'both_sides', type: 'close_short' })).toBe(0.056);
  });

  it('odds table = exact probability x (1 - edge), rounded down to 0.01, for every bet and several edges', () => {
    for (const edgeBps of [0, 100, 200, 250, 500]) {
      for (const row of oddsTable(edgeBps)) {
        const count = enumerate(row.bet);
        expect(row.winningTriples).toBe(count);
        // Exact rational: (1 - edge) / (count / 1000), in hundredths, floored.
        const exact = ((10_000 - edgeBps) / 10_000) * (1000 / count) * 100;
        expect(row.multiplier).toBe(Math.floor(exact + 1e-9));
        // The expected return never exceeds (1 - edge): the house edge holds for every bet.
        expect((row.multiplier / 100) * (count / 1000)).toBeLessThanOrEqual(1 - edgeBps / 10_000 + 1e-12);
      }
    }
  });

  it('pays stake x multiplier, rounded down to the cent', () => {
    expect(payoutFor(1000, 196)).toBe(1960);
    expect(payoutFor(333, 196)).toBe(652);
    expect(multiplierHundredths({ category: 'both_sides', type: 'long' }, 200)).toBe(196);
    expect(multiplierHundredths({ category: 'special_number', number: 0 }, 200)).toBe(98000);
  });

  it('knows valid bets', () => {
    expect(allBets()).toHaveLength(38);
    expect(isValidBet({ category: 'special_number', number: 28 })).toBe(false);
    expect(isValidBet({ category: 'special_number', number: -1 })).toBe(false);
    expect(isValidBet({ category: 'special_number', number: 1.5 })).toBe(false);
    expect(isValidBet({ category: 'both_sides', type: 'sideways' as 'long' })).toBe(false);
    expect(() => multiplierHundredths({ category: 'both_sides', type: 'long' }, 10_000)).toThrow(RangeError);
  });
});
