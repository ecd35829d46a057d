/**
 * The referral tables, created by migrations 0015-referrals and 0023-referrer-totals. Days are `date`
 * columns: always selected as text ('YYYY-MM-DD'), never decoded into a Date.
 */
import type { ColumnType } from 'kysely';

type Int8 = ColumnType<number, number | undefined, number>;
type Day = ColumnType<string, string, string>;

export interface ReferralProgrammesTable {
  effective_from: Day;
  mode: 'off' | 'one_level' | 'two_levels';
  level1_rate_bps: number;
  level2_rate_bps: number;
  daily_cap: Int8;
  changed_by: string | null;
  changed_at: Date;
}

export interface ReferralOverridesTable {
  user_id: string;
  effective_from: Day;
  excluded: boolean;
  level1_rate_bps: number | null;
  level2_rate_bps: number | null;
  reason: string;
  changed_by: string;
  changed_at: Date;
}

export interface ReferralInviteeDaysTable {
  invitee_id: string;
  day: Day;
  turnover: Int8;
  edge_units: Int8;
}

export interface ReferralInviteeTotalsTable {
  invitee_id: string;
  turnover: Int8;
  edge_units: Int8;
}

export interface ReferralAccrualsTable {
  referrer_id: string;
  day: Day;
  level: number;
  turnover: Int8;
  edge_units: Int8;
  invitees: number;
}

/** Kept by the users insert trigger (migration 0015): never written by the application. */
export interface ReferralMembersTable {
  user_id: string;
  level1: number;
  level2: number;
}

/** Kept by the accrual statement (migration 0023): the settled turnover of all time per level. */
export interface ReferralReferrerTurnoverTable {
  referrer_id: string;
  level1: Int8;
  level2: Int8;
}

/** Kept by the statement that inserts reward rows (migration 0023): the rewards paid of all time. */
export interface ReferralReferrerPaidTable {
  referrer_id: string;
  paid: Int8;
}

export interface ReferralRewardsTable {
  id: string;
  referrer_id: string;
  day: Day;
  level: number;
  invitees: number;
  edge_units: Int8;
  rate_bps: number;
  amount: Int8;
  paid_at: Date;
}

export interface ReferralPayDaysTable {
  day: Day;
  referrers: number;
  total: Int8;
  finished_at: Date;
}

export interface ReferralTables {
  referral_programmes: ReferralProgrammesTable;
  referral_overrides: ReferralOverridesTable;
  referral_invitee_days: ReferralInviteeDaysTable;
  referral_invitee_totals: ReferralInviteeTotalsTable;
  referral_accruals: ReferralAccrualsTable;
  referral_members: ReferralMembersTable;
  referral_referrer_turnover: ReferralReferrerTurnoverTable;
  referral_referrer_paid: ReferralReferrerPaidTable;
  referral_rewards: ReferralRewardsTable;
  referral_pay_days: ReferralPayDaysTable;
}
