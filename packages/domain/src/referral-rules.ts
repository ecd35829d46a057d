/**
 * Referral rewards (decision 0030): an inviter earns a share of the house's EXPECTED edge on the settled
 * positions of the people they brought in, one or two levels deep, paid once per business day, capped
 * per referrer and day. Never a share of turnover: a share of turnover is farmed by playing both sides of
 * a round from invited accounts, while a share (at most 100 %, all levels together) of the expected edge
 * can never pay more than the positions cost in expectation.
 *
 * Edge units: a position's expected edge is stake x (1 - p x multiplier). With p = triples / 1,000 and the
 * multiplier in hundredths, stake x (100,000 - triples x multiplier) is that edge in 1/100,000 of a cent,
 * exactly, in integers: no rounding until the reward is paid, and then always down.
 */
import { type Bet, winningTriples } from './rounds/bets.ts';

export const REFERRAL_MODES = ['off', 'one_level', 'two_levels'] as const;
export type ReferralMode = (typeof REFERRAL_MODES)[number];
export const REFERRAL_LEVELS = [1, 2] as const;
export type ReferralLevel = (typeof REFERRAL_LEVELS)[number];

/** 1/100,000 of a cent: the unit a position's expected edge is exact in. */
export const EDGE_UNITS_PER_CENT = 100_000;
/** Rates are basis points OF THE EXPECTED EDGE; all levels together may give away at most all of it. */
export const REFERRAL_RATE_SCALE_BPS = 10_000;

export interface ReferralProgramme {
  mode: ReferralMode;
  /** Share of the invitee's expected edge paid to their inviter (level 1) and the inviter's inviter. */
  level1RateBps: number;
  level2RateBps: number;
  /** The most one referrer is paid for one business day, all levels together, in cents. */
  dailyCapCents: number;
}

/** A per-referrer override: excluded from the programme, or rates of their own (null: the programme's). */
export interface ReferralOverride {
  excluded: boolean;
  level1RateBps: number | null;
  level2RateBps: number | null;
}

export const REFERRAL_OFF: ReferralProgramme = {
  mode: 'off',
  level1RateBps: 0,
  level2RateBps: 0,
  dailyCapCents: 0,
};

export type ReferralProblem = 'rate_out_of_range' | 'rates_exceed_edge' | 'cap_out_of_range';

function isRate(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= REFERRAL_RATE_SCALE_BPS;
}

/** The levels a mode pays. */
export function referralLevels(mode: ReferralMode): ReferralLevel[] {
  if (mode === 'off') return [];
  return mode === 'one_level' ? [1] : [1, 2];
}

/**
 * The rate a referrer is paid at one level, with their override applied (0 for a level not paid). An
 * invitee's edge is paid at level 1 to their inviter (whose override may differ) and at level 2 to the
 * inviter's inviter, so the bound must hold across two referrers' rates: an override may raise level 1
 * only up to what the programme's level 2 leaves of the edge, and may only lower level 2.
 */
export function levelRateBps(
  programme: ReferralProgramme,
  level: ReferralLevel,
  override?: ReferralOverride | null,
): number {
  const levels = referralLevels(programme.mode);
  if (!levels.includes(level) || override?.excluded) return 0;
  const level2 = levels.includes(2) ? programme.level2RateBps : 0;
  if (level === 2) return Math.min(override?.level2RateBps ?? level2, level2);
  return Math.min(override?.level1RateBps ?? programme.level1RateBps, REFERRAL_RATE_SCALE_BPS - level2);
}

/**
 * Null when the programme may be put in force. The anti-farming bound: the rates of all paid levels
 * together are at most 100 % of the edge, so the rewards a chain of accounts one person controls
 * collects never exceed what its positions cost in expectation.
 */
export function checkReferralProgramme(
  programme: ReferralProgramme,
  override?: ReferralOverride | null,
): ReferralProblem | null {
  const rates = [
    programme.level1RateBps,
    programme.level2RateBps,
    override?.level1RateBps ?? 0,
    override?.level2RateBps ?? 0,
  ];
  if (!rates.every(isRate)) return 'rate_out_of_range';
  if (!Number.isSafeInteger(programme.dailyCapCents) || programme.dailyCapCents < 0)
    return 'cap_out_of_range';
  const level2 = programme.mode === 'two_levels' ? programme.level2RateBps : 0;
  if (programme.level1RateBps + level2 > REFERRAL_RATE_SCALE_BPS) return 'rates_exceed_edge';
  // An override the payment would cut down is refused rather than silently cut.
  if ((override?.level1RateBps ?? 0) + level2 > REFERRAL_RATE_SCALE_BPS) return 'rates_exceed_edge';
  if ((override?.level2RateBps ?? 0) > level2) return 'rates_exceed_edge';
  return null;
}

/**
 * A settled position's expected edge for the house, in edge units; never below zero (the catalogue's
 * multipliers are rounded down from fair, so p x multiplier <= 1 and nothing is cut in practice).
 */
export function positionEdgeUnits(bet: Bet, stakeCents: number, multiplierHundredths: number): number {
  const perStake = EDGE_UNITS_PER_CENT - winningTriples(bet) * multiplierHundredths;
  return perStake > 0 ? stakeCents * perStake : 0;
}

/** floor(edgeUnits x rate / (10,000 x 100,000)) cents, in exact integers. */
export function rewardCents(edgeUnits: number, rateBps: number): number {
  if (edgeUnits <= 0 || rateBps <= 0) return 0;
  return Number(
    (BigInt(edgeUnits) * BigInt(rateBps)) / BigInt(REFERRAL_RATE_SCALE_BPS * EDGE_UNITS_PER_CENT),
  );
}

export interface LevelAccrual {
  level: ReferralLevel;
  /** The day's expected edge of the invitees at this level, in edge units. */
  edgeUnits: number;
}

export interface LevelReward {
  level: ReferralLevel;
  rateBps: number;
  amount: number;
}

/**
 * One referrer's rewards for one business day: each level's share of its edge, then the daily cap
 * (level 1 is paid first, level 2 gets what the cap leaves). The server's SQL computes the same
 * (ReferralsRepository.rewardDay).
 */
export function dailyRewards(
  programme: ReferralProgramme,
  accruals: readonly LevelAccrual[],
  override?: ReferralOverride | null,
): LevelReward[] {
  let left = programme.dailyCapCents;
  const rewards: LevelReward[] = [];
  for (const level of REFERRAL_LEVELS) {
    const edgeUnits = accruals
      .filter((accrual) => accrual.level === level)
      .reduce((sum, accrual) => sum + accrual.edgeUnits, 0);
    const rateBps = levelRateBps(programme, level, override);
    const amount = Math.min(rewardCents(edgeUnits, rateBps), left);
    left -= amount;
    rewards.push({ level, rateBps, amount });
  }
  return rewards;
}
