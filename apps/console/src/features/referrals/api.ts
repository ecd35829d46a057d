/** The referral programme, a user's tree and override, and the reports (decision 0030). */
import type { AdminReferralTree, ReferralReport, ReferralRule } from '@tradehall/contracts';
import { referralEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../lib/api.ts';

export type { AdminReferralTree, ReferralReport, ReferralRule };

export const referralProgrammeKey = ['admin', 'referrals', 'programme'] as const;
export const referralTreeKey = (userId: string) => ['admin', 'referrals', 'tree', userId] as const;
export const referralReportKey = (from: string, to: string) =>
  ['admin', 'referrals', 'report', from, to] as const;

export const referralProgrammeQuery = {
  queryKey: referralProgrammeKey,
  queryFn: () => call(referralEndpoints.adminProgramme),
};

export const referralTreeQuery = (userId: string) => ({
  queryKey: referralTreeKey(userId),
  queryFn: () => call(referralEndpoints.adminTree, { params: { id: userId } }),
});

export const referralReportQuery = (from: string, to: string) => ({
  queryKey: referralReportKey(from, to),
  queryFn: () => call(referralEndpoints.adminReport, { query: { from, to } }),
});

export interface ProgrammeUpdate {
  mode: ReferralRule['inForce']['mode'];
  level1RateBps: number;
  level2RateBps: number;
  dailyCapCents: number;
  totpCode: string;
}

/** Admin only, with a current two-factor code (step-up); in force from the next business day. */
export const updateReferralProgramme = (body: ProgrammeUpdate) =>
  call(referralEndpoints.adminUpdateProgramme, { body });

export interface OverrideUpdate {
  excluded: boolean;
  level1RateBps: number | null;
  level2RateBps: number | null;
  reason: string;
  totpCode: string;
}

export const setReferralOverride = (userId: string, body: OverrideUpdate) =>
  call(referralEndpoints.adminOverride, { params: { id: userId }, body });
