/** A player's own limits, breaks and reality check (docs/decisions/0032-play-limits.md). */
import { PLAY_BREAKS, PLAY_LIMIT_KINDS, REALITY_CHECK_MINUTES } from '@tradehall/domain';
import { z } from 'zod';
import { unixSeconds } from './common.ts';

export const playLimitKindSchema = z.enum(PLAY_LIMIT_KINDS, { message: 'validation.invalidValue' });
export const playBreakKindSchema = z.enum(PLAY_BREAKS, { message: 'validation.invalidValue' });

/** Cents, zero allowed (a deposit limit of zero: no deposits). */
const limitAmount = z
  .number({ message: 'validation.amountInvalid' })
  .int({ message: 'validation.amountCents' })
  .nonnegative({ message: 'validation.amountInvalid' })
  .max(Number.MAX_SAFE_INTEGER, { message: 'validation.amountInvalid' });

/** Asks for a limit; null removes it (after 24 h, like any raise). */
export const setPlayLimitRequestSchema = z.strictObject({
  kind: playLimitKindSchema,
  amount: limitAmount.nullable(),
});
export type SetPlayLimitRequest = z.infer<typeof setPlayLimitRequestSchema>;

export const takePlayBreakRequestSchema = z.strictObject({ kind: playBreakKindSchema });
export type TakePlayBreakRequest = z.infer<typeof takePlayBreakRequestSchema>;

export const realityCheckRequestSchema = z.strictObject({
  minutes: z.union(REALITY_CHECK_MINUTES.map((minutes) => z.literal(minutes))).nullable(),
});
export type RealityCheckRequest = z.infer<typeof realityCheckRequestSchema>;

export const playLimitSchema = z.object({
  kind: playLimitKindSchema,
  /** In force now; null: no limit. */
  amount: z.number().int().nullable(),
  /** A raise or removal (amount null) waiting until `from`. */
  pending: z.object({ amount: z.number().int().nullable(), from: unixSeconds }).nullable(),
});
export type PlayLimitView = z.infer<typeof playLimitSchema>;

const periodFiguresSchema = z.object({
  deposited: z.number().int(),
  /** Stakes minus payouts: negative when the player is ahead. */
  loss: z.number().int(),
  resetsAt: unixSeconds,
});

export const playBreakSchema = z.object({ kind: playBreakKindSchema, endsAt: unixSeconds });
export type PlayBreakView = z.infer<typeof playBreakSchema>;

export const playLimitsOverviewSchema = z.object({
  limits: z.array(playLimitSchema),
  usage: z.object({ day: periodFiguresSchema, week: periodFiguresSchema, month: periodFiguresSchema }),
  /** The cool-off or self-exclusion running now, if any. */
  break: playBreakSchema.nullable(),
  realityCheckMinutes: z.number().int().nullable(),
});
export type PlayLimitsOverview = z.infer<typeof playLimitsOverviewSchema>;

/**
 * The player's stakes and payouts of all time, counted as they happen. The reality check reads them when
 * its session starts and again when it is due: the session's stakes, payouts and net are the difference.
 */
export const playCountersSchema = z.object({
  staked: z.number().int(),
  paid: z.number().int(),
});
export type PlayCounters = z.infer<typeof playCountersSchema>;
