/**
 * Referral rewards (decision 0030): the team page a user sees, and the programme, overrides, trees and
 * reports the console manages. Rates are basis points of the house's expected edge; amounts are cents;
 * days are business days ('YYYY-MM-DD').
 */
import { REFERRAL_MODES } from '@tradehall/domain';
import { z } from 'zod';
import { totpCodeField } from './admin-auth.ts';
import { idField, operatorReasonField, pageOf, pageQueryFields, unixSeconds } from './common.ts';

export const referralDayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const referralLevelSchema = z.union([z.literal(1), z.literal(2)]);
const rateField = z.number().int().min(0).max(10_000);

export const referralProgrammeSchema = z.object({
  mode: z.enum(REFERRAL_MODES),
  level1RateBps: rateField,
  level2RateBps: rateField,
  dailyCapCents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type ReferralProgrammeView = z.infer<typeof referralProgrammeSchema>;

/** The rule in force today and, when a change waits for the next business day, that one. */
export const referralRuleSchema = z.object({
  today: referralDayField,
  inForce: referralProgrammeSchema,
  next: referralProgrammeSchema.extend({ effectiveFrom: referralDayField }).nullable(),
});
export type ReferralRule = z.infer<typeof referralRuleSchema>;

export const referralLevelFiguresSchema = z.object({
  level: referralLevelSchema,
  invitees: z.number().int(),
  turnoverToday: z.number().int(),
  turnoverTotal: z.number().int(),
});

export const referralTeamSchema = z.object({
  invitationCode: z.string(),
  rule: referralRuleSchema,
  levels: z.array(referralLevelFiguresSchema),
  rewardsPaidTotal: z.number().int(),
});
export type ReferralTeam = z.infer<typeof referralTeamSchema>;

export const referralInviteesQuerySchema = z.strictObject({
  ...pageQueryFields,
  level: z.coerce.number().pipe(referralLevelSchema),
});

export const referralInviteeSchema = z.object({
  /** The account, masked. */
  account: z.string(),
  joinedAt: unixSeconds,
  turnoverToday: z.number().int(),
  turnoverTotal: z.number().int(),
});
export const referralInviteePageSchema = pageOf(referralInviteeSchema);

/** One day and level: paid, or still accruing (the day is not over or not paid yet: amount unknown). */
export const referralRewardDaySchema = z.object({
  day: referralDayField,
  level: referralLevelSchema,
  invitees: z.number().int(),
  status: z.enum(['accruing', 'paid', 'none']),
  amount: z.number().int(),
});
export const referralRewardDaysSchema = z.object({ items: z.array(referralRewardDaySchema) });
export type ReferralRewardDay = z.infer<typeof referralRewardDaySchema>;

// ---- console ------------------------------------------------------------------------------------------

export const referralProgrammeUpdateRequestSchema = referralProgrammeSchema.extend({
  totpCode: totpCodeField.optional(),
});

export const referralOverrideSchema = z.object({
  excluded: z.boolean(),
  level1RateBps: rateField.nullable(),
  level2RateBps: rateField.nullable(),
});

export const referralOverrideRequestSchema = referralOverrideSchema.extend({
  reason: operatorReasonField,
  totpCode: totpCodeField.optional(),
});

const userRefSchema = z.object({ userId: idField, account: z.string() });

export const adminReferralTreeSchema = z.object({
  inviter: userRefSchema.nullable(),
  members: z.object({ level1: z.number().int(), level2: z.number().int() }),
  /** The first invitees of each level, newest first. */
  invitees: z.array(userRefSchema.extend({ level: referralLevelSchema, joinedAt: unixSeconds })),
  rewards: z.array(referralRewardDaySchema),
  rewardsPaidTotal: z.number().int(),
  override: referralOverrideSchema.extend({ reason: z.string(), effectiveFrom: referralDayField }).nullable(),
});
export type AdminReferralTree = z.infer<typeof adminReferralTreeSchema>;

export const referralReportQuerySchema = z.strictObject({
  from: referralDayField,
  to: referralDayField,
});

export const referralReportSchema = z.object({
  perDay: z.array(z.object({ day: referralDayField, referrers: z.number().int(), total: z.number().int() })),
  topReferrers: z.array(userRefSchema.extend({ total: z.number().int(), days: z.number().int() })),
});
export type ReferralReport = z.infer<typeof referralReportSchema>;
