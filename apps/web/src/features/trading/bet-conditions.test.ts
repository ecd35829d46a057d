import { type Bet, BOTH_SIDES_BETS } from '@tradehall/domain';
import { describe, expect, it } from 'vitest';
import { winningCondition } from './bet-conditions.ts';

const both = (type: (typeof BOTH_SIDES_BETS)[number]): Bet => ({ category: 'both_sides', type });

describe('winning conditions, read off the domain rule', () => {
  it('word every both-sides bet as DESIGN §6 defines it', () => {
    expect(Object.fromEntries(BOTH_SIDES_BETS.map((type) => [type, winningCondition(both(type))]))).toEqual({
      long: { kind: 'range', min: 14, max: 27 },
      short: { kind: 'range', min: 0, max: 13 },
      single: { kind: 'odd' },
      double: { kind: 'even' },
      single_long: { kind: 'oddRange', min: 15, max: 27 },
      long_double: { kind: 'evenRange', min: 14, max: 26 },
      single_short: { kind: 'oddRange', min: 1, max: 13 },
      short_double: { kind: 'evenRange', min: 0, max: 12 },
      close_long: { kind: 'range', min: 22, max: 27 },
      close_short: { kind: 'range', min: 0, max: 5 },
    });
  });

  it('word a special number as its exact sum', () => {
    expect(winningCondition({ category: 'special_number', number: 0 })).toEqual({ kind: 'exact', sum: 0 });
    expect(winningCondition({ category: 'special_number', number: 27 })).toEqual({ kind: 'exact', sum: 27 });
  });
});
