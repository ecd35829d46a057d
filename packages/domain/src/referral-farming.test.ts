/**
 * The anti-farming property (decision 0030): one person controls a chain of accounts (a referrer, the
 * account they invited, the account that one invited) and plays any mix of bets from the invited ones,
 * both sides of a round included. Whatever the rates the programme accepts, the cap and the outcomes,
 * the rewards all their accounts collect never exceed what the positions cost them in expectation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkReferralProgramme,
  dailyRewards,
  EDGE_UNITS_PER_CENT,
  positionEdgeUnits,
  REFERRAL_MODES,
  type ReferralProgramme,
} from './referral-rules.ts';
import { allBets, betWins, multiplierHundredths, payoutFor, winningTriples } from './rounds/bets.ts';

const BETS = allBets();

const position = fc.record({
  bet: fc.constantFrom(...BETS),
  stake: fc.integer({ min: 1, max: 10_000_000 }),
  // The room's house edge the multiplier was frozen with (the catalogue allows 0-99.99 %).
  houseEdgeBps: fc.oneof(fc.constantFrom(0, 1, 200, 500), fc.integer({ min: 0, max: 9_999 })),
  // Which invited account places it: 0 plays at level 1 of the top referrer, 1 at level 2.
  account: fc.constantFrom(0, 1),
});

const programme = fc
  .record({
    mode: fc.constantFrom(...REFERRAL_MODES),
    level1RateBps: fc.integer({ min: 0, max: 10_000 }),
    level2RateBps: fc.integer({ min: 0, max: 10_000 }),
    dailyCapCents: fc.oneof(fc.constant(Number.MAX_SAFE_INTEGER), fc.integer({ min: 0, max: 1_000_000 })),
  })
  .filter((p: ReferralProgramme) => checkReferralProgramme(p) === null);

// Any override the console accepted, even one checked against an earlier programme.
const override = fc.option(
  fc.record({
    excluded: fc.boolean(),
    level1RateBps: fc.option(fc.integer({ min: 0, max: 10_000 })),
    level2RateBps: fc.option(fc.integer({ min: 0, max: 10_000 })),
  }),
);

describe('farming referral rewards', () => {
  it('never pays a chain of accounts more than its positions cost in expectation', () => {
    fc.assert(
      fc.property(
        programme,
        override,
        override,
        fc.array(position, { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 27 }), { minLength: 1, maxLength: 60 }),
        (rules, overrideR, overrideA, positions, sums) => {
          // Expected cost in edge units, exactly: stake x (1 - p x multiplier) summed.
          let expectedCost = 0;
          // Expected edge per account (0: the top referrer's invitee A, 1: A's invitee B).
          const edge = [0, 0];
          let realisedLoss = 0;
          positions.forEach((p, index) => {
            const multiplier = multiplierHundredths(p.bet, p.houseEdgeBps);
            expectedCost += p.stake * (EDGE_UNITS_PER_CENT - winningTriples(p.bet) * multiplier);
            edge[p.account] = (edge[p.account] ?? 0) + positionEdgeUnits(p.bet, p.stake, multiplier);
            const sum = sums[index % sums.length] ?? 0;
            realisedLoss += p.stake - (betWins(p.bet, sum) ? payoutFor(p.stake, multiplier) : 0);
          });
          // The top referrer R is paid level 1 on A and level 2 on B; A is paid level 1 on B.
          const forR = dailyRewards(
            rules,
            [
              { level: 1, edgeUnits: edge[0] ?? 0 },
              { level: 2, edgeUnits: edge[1] ?? 0 },
            ],
            overrideR,
          );
          const forA = dailyRewards(rules, [{ level: 1, edgeUnits: edge[1] ?? 0 }], overrideA);
          const rewards = [...forR, ...forA].reduce((total, reward) => total + reward.amount, 0);
          expect(rewards * EDGE_UNITS_PER_CENT).toBeLessThanOrEqual(expectedCost);
          // The outcome moves what was actually lost, never what was earned.
          expect(Number.isInteger(realisedLoss)).toBe(true);
          expect(rewards).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('playing both sides of a round earns nothing beyond the edge of each side', () => {
    const rules: ReferralProgramme = {
      mode: 'two_levels',
      level1RateBps: 8_000,
      level2RateBps: 2_000,
      dailyCapCents: Number.MAX_SAFE_INTEGER,
    };
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 1_000_000 }), (stake) => {
        const long = positionEdgeUnits({ category: 'both_sides', type: 'long' }, stake, 196);
        const short = positionEdgeUnits({ category: 'both_sides', type: 'short' }, stake, 196);
        const [level1, level2] = dailyRewards(rules, [
          { level: 1, edgeUnits: long },
          { level: 2, edgeUnits: short },
        ]);
        // $2 of every $100 on each side is the cost; the rewards are at most that.
        expect(((level1?.amount ?? 0) + (level2?.amount ?? 0)) * 50).toBeLessThanOrEqual(stake * 2);
      }),
    );
  });
});
