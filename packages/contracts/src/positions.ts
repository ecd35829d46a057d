/**
 * Positions: the bet, placing one, the investment records and the revenue per round. The round detail
 * (a round with the viewer's positions) is answered by the rounds module through the positions it is
 * handed, so its shape is declared here, above both. Integer cents, hundredths, unix seconds.
 */
import { BOTH_SIDES_BETS, SPECIAL_NUMBER_MAX, SPECIAL_NUMBER_MIN } from '@tradehall/domain';
import { z } from 'zod';
import { amountField, idempotencyKeyField, idField, pageOf, unixSeconds } from './common.ts';
import { roomTierSchema, roundSchema } from './rounds.ts';

export const betSchema = z.discriminatedUnion(
  'category',
  [
    z.strictObject({
      category: z.literal('both_sides'),
      type: z.enum(BOTH_SIDES_BETS, { message: 'validation.betTypeInvalid' }),
    }),
    z.strictObject({
      category: z.literal('special_number'),
      number: z
        .number({ message: 'validation.specialNumberRange' })
        .int({ message: 'validation.specialNumberRange' })
        .min(SPECIAL_NUMBER_MIN, { message: 'validation.specialNumberRange' })
        .max(SPECIAL_NUMBER_MAX, { message: 'validation.specialNumberRange' }),
    }),
  ],
  { message: 'validation.betTypeInvalid' },
);
export type BetInput = z.infer<typeof betSchema>;

export const placePositionRequestSchema = z.strictObject({
  bet: betSchema,
  amount: amountField('validation.investmentAmountRequired'),
  idempotencyKey: idempotencyKeyField,
});
export type PlacePositionRequest = z.infer<typeof placePositionRequestSchema>;
export const POSITION_STATUSES = ['open', 'won', 'lost', 'refunded'] as const;

export const positionSchema = z.object({
  id: idField,
  roundId: idField,
  roomId: idField,
  tier: roomTierSchema,
  issue: z.string(),
  bet: betSchema,
  amount: z.number().int(),
  /** Frozen when placed, in hundredths. */
  multiplier: z.number().int(),
  status: z.enum(POSITION_STATUSES),
  payout: z.number().int().nullable(),
  createdAt: unixSeconds,
  settledAt: unixSeconds.nullable(),
});
export type PositionView = z.infer<typeof positionSchema>;
export const positionPageSchema = pageOf(positionSchema);
export const roundDetailSchema = z.object({ round: roundSchema, myPositions: z.array(positionSchema) });
export type RoundDetail = z.infer<typeof roundDetailSchema>;

export const revenueItemSchema = z.object({
  roundId: idField,
  issue: z.string(),
  roomId: idField,
  tier: roomTierSchema,
  staked: z.number().int(),
  payout: z.number().int(),
  /** payout - staked (refunds count as payout). */
  profit: z.number().int(),
  settledAt: unixSeconds,
});
export type RevenueItem = z.infer<typeof revenueItemSchema>;
export const revenuePageSchema = pageOf(revenueItemSchema);
