import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allBets, multiplierHundredths, payoutFor } from './bets.ts';
import { MULTIPLIER_MAX_HUNDREDTHS, PAYOUT_MAX_CENTS, STAKE_CEILING_CENTS } from './payout-bounds.ts';
import { DEFAULT_ROOMS } from './rooms.ts';

describe('payout bounds', () => {
  it('hold every multiplier the catalogue gives, at every house edge, and are reached at no edge', () => {
    let largest = 0;
    for (let edgeBps = 0; edgeBps < 10_000; edgeBps += 1) {
      for (const bet of allBets()) largest = Math.max(largest, multiplierHundredths(bet, edgeBps));
    }
    expect(largest).toBe(MULTIPLIER_MAX_HUNDREDTHS);
  });

  it('are above every default room maximum', () => {
    for (const room of DEFAULT_ROOMS) expect(room.stakeMaximum).toBeLessThanOrEqual(STAKE_CEILING_CENTS);
  });

  it('keep the largest payout exact in a number, in int8, and triples x multiplier in int4', () => {
    expect(PAYOUT_MAX_CENTS).toBe(10_000_000_000_000);
    expect(Number.isSafeInteger(STAKE_CEILING_CENTS * MULTIPLIER_MAX_HUNDREDTHS)).toBe(true);
    expect(payoutFor(STAKE_CEILING_CENTS, MULTIPLIER_MAX_HUNDREDTHS)).toBe(PAYOUT_MAX_CENTS);
    expect(1000 * MULTIPLIER_MAX_HUNDREDTHS).toBeLessThan(2 ** 31);
  });

  it('pays within them exactly what integer arithmetic says', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: STAKE_CEILING_CENTS }),
        fc.integer({ min: 1, max: MULTIPLIER_MAX_HUNDREDTHS }),
        (stake, multiplier) => {
          expect(BigInt(payoutFor(stake, multiplier))).toBe((BigInt(stake) * BigInt(multiplier)) / 100n);
        },
      ),
    );
  });

  it('refuses a payout it cannot compute exactly rather than rounding it', () => {
    expect(() => payoutFor(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
    expect(() => payoutFor(100_000, 2 ** 31 - 1)).not.toThrow();
    expect(() => payoutFor(2 ** 40, 2 ** 31 - 1)).toThrow(RangeError);
  });
});
