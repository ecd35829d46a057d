import { describe, expect, it } from 'vitest';
import { addDays, businessDay, businessDayStart } from './referral-days.ts';
import { maskAccount } from './referral-mask.ts';
import {
  checkReferralProgramme,
  dailyRewards,
  levelRateBps,
  positionEdgeUnits,
  type ReferralProgramme,
  referralLevels,
  rewardCents,
} from './referral-rules.ts';
import { allBets, multiplierHundredths, winningTriples } from './rounds/bets.ts';

const TWO: ReferralProgramme = {
  mode: 'two_levels',
  level1RateBps: 2_500,
  level2RateBps: 500,
  dailyCapCents: 10_000,
};

describe('positionEdgeUnits', () => {
  it('is the 2 % edge of a x1.96 bet on a 1/2 chance', () => {
    // long wins on 500 triples of 1,000; x1.96 -> $100 staked carries $2 of expected edge.
    const units = positionEdgeUnits({ category: 'both_sides', type: 'long' }, 10_000, 196);
    expect(units).toBe(200 * 100_000);
  });

  it('is never negative, even for a multiplier above fair', () => {
    expect(positionEdgeUnits({ category: 'both_sides', type: 'long' }, 10_000, 250)).toBe(0);
  });

  it('is never negative for any catalogue multiplier at any house edge', () => {
    for (const edgeBps of [0, 1, 200, 500, 9_999])
      for (const bet of allBets()) {
        // p x multiplier <= 1: the clamp in positionEdgeUnits never cuts a catalogue bet.
        expect(winningTriples(bet) * multiplierHundredths(bet, edgeBps)).toBeLessThanOrEqual(100_000);
      }
  });
});

describe('rewardCents', () => {
  it('rounds down', () => {
    expect(rewardCents(200 * 100_000, 2_500)).toBe(50);
    expect(rewardCents(199 * 100_000, 2_500)).toBe(49);
    expect(rewardCents(0, 2_500)).toBe(0);
    expect(rewardCents(-5, 2_500)).toBe(0);
  });

  it('stays exact beyond 2^53 intermediate products', () => {
    expect(rewardCents(2 ** 52, 10_000)).toBe(Math.floor(2 ** 52 / 100_000));
  });
});

describe('the programme', () => {
  it('pays the levels of its mode', () => {
    expect(referralLevels('off')).toEqual([]);
    expect(referralLevels('one_level')).toEqual([1]);
    expect(referralLevels('two_levels')).toEqual([1, 2]);
    expect(levelRateBps({ ...TWO, mode: 'one_level' }, 2)).toBe(0);
  });

  it('refuses rates that together give away more than the edge', () => {
    expect(checkReferralProgramme(TWO)).toBeNull();
    expect(checkReferralProgramme({ ...TWO, level1RateBps: 9_600 })).toBe('rates_exceed_edge');
    // Level 2 does not count when only one level is paid.
    expect(checkReferralProgramme({ ...TWO, mode: 'one_level', level1RateBps: 10_000 })).toBeNull();
    expect(checkReferralProgramme({ ...TWO, level1RateBps: -1 })).toBe('rate_out_of_range');
    expect(checkReferralProgramme({ ...TWO, level2RateBps: 1.5 })).toBe('rate_out_of_range');
    expect(checkReferralProgramme({ ...TWO, dailyCapCents: -1 })).toBe('cap_out_of_range');
  });

  it('checks an override against the same bound', () => {
    const override = { excluded: false, level1RateBps: 9_800, level2RateBps: null };
    expect(checkReferralProgramme(TWO, override)).toBe('rates_exceed_edge');
    expect(checkReferralProgramme(TWO, { ...override, level1RateBps: 9_500 })).toBeNull();
    expect(checkReferralProgramme(TWO, { ...override, level2RateBps: 10_001 })).toBe('rate_out_of_range');
    // Level 2 may only be lowered: the invitee's own inviter may hold a raised level 1.
    expect(checkReferralProgramme(TWO, { ...override, level1RateBps: null, level2RateBps: 501 })).toBe(
      'rates_exceed_edge',
    );
  });

  it('cuts an override the programme changed under down to the bound', () => {
    const raised = { excluded: false, level1RateBps: 9_500, level2RateBps: 2_000 };
    expect(levelRateBps(TWO, 1, raised)).toBe(9_500);
    expect(levelRateBps(TWO, 2, raised)).toBe(500);
    expect(levelRateBps({ ...TWO, level2RateBps: 1_000 }, 1, raised)).toBe(9_000);
  });
});

describe('dailyRewards', () => {
  const accruals = [
    { level: 1 as const, edgeUnits: 200 * 100_000 },
    { level: 2 as const, edgeUnits: 1_000 * 100_000 },
  ];

  it('pays each level its share of the edge', () => {
    expect(dailyRewards(TWO, accruals)).toEqual([
      { level: 1, rateBps: 2_500, amount: 50 },
      { level: 2, rateBps: 500, amount: 50 },
    ]);
  });

  it('caps the day, level 1 first', () => {
    expect(dailyRewards({ ...TWO, dailyCapCents: 70 }, accruals).map((r) => r.amount)).toEqual([50, 20]);
    expect(dailyRewards({ ...TWO, dailyCapCents: 30 }, accruals).map((r) => r.amount)).toEqual([30, 0]);
  });

  it('pays nothing when off or excluded, and an override its own rate', () => {
    expect(dailyRewards({ ...TWO, mode: 'off' }, accruals).map((r) => r.amount)).toEqual([0, 0]);
    const excluded = { excluded: true, level1RateBps: null, level2RateBps: null };
    expect(dailyRewards(TWO, accruals, excluded).map((r) => r.amount)).toEqual([0, 0]);
    const own = { excluded: false, level1RateBps: 5_000, level2RateBps: null };
    expect(dailyRewards(TWO, accruals, own).map((r) => r.amount)).toEqual([100, 50]);
  });
});

describe('business days', () => {
  it('start at the boundary', () => {
    const at = new Date('2026-11-27T03:59:00Z');
    expect(businessDay(at)).toBe('2026-11-27');
    expect(businessDay(at, 240)).toBe('2026-11-26');
    expect(businessDay(new Date('2026-11-27T04:00:00Z'), 240)).toBe('2026-11-27');
    expect(businessDayStart('2026-11-27', 240).toISOString()).toBe('2026-11-27T04:00:00.000Z');
  });

  it('count across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('refuses a boundary outside the day', () => {
    expect(() => businessDay(new Date(), 1_440)).toThrow(RangeError);
    expect(() => businessDay(new Date(), -1)).toThrow(RangeError);
  });
});

describe('maskAccount', () => {
  it.each([
    ['alice2026', 'al*****26'],
    ['bob12', 'b***2'],
    ['ab', 'a*'],
    ['a', 'a*'],
  ])('%s -> %s', (account, masked) => {
    expect(maskAccount(account)).toBe(masked);
  });
});
