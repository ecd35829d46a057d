/**
 * Wire shapes of trading: rooms, rounds, positions, investment and revenue records, the market
 * overview and the public fairness proof of a round. Amounts in integer cents; multipliers in integer
 * hundredths (196 = 1.96x); times in unix seconds.
 */
import {
  BOTH_SIDES_BETS,
  ROOM_TIERS,
  ROUND_STATUSES,
  SPECIAL_NUMBER_MAX,
  SPECIAL_NUMBER_MIN,
} from '@tradehall/domain';
import { z } from 'zod';
import { idField, unixSeconds } from './fields.ts';
import { amountField, idempotencyKeyField, pageOf } from './funding.ts';

export const roomTierSchema = z.enum(ROOM_TIERS);
export const roundStatusSchema = z.enum(ROUND_STATUSES);

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

export const roundFairnessSchema = z.object({
  scheme: z.enum(['v1', 'v2']),
  beacon: z.enum(['drand', 'local']).nullable(),
  beaconRound: z.number().int().nullable(),
});
export type RoundFairness = z.infer<typeof roundFairnessSchema>;

export const roundSchema = z.object({
  id: idField,
  roomId: idField,
  issue: z.string(),
  status: roundStatusSchema,
  opensAt: unixSeconds,
  sealsAt: unixSeconds,
  drawsAt: unixSeconds,
  /**
   * When the drawn round is due to settle (its drawing period over). A v2 round waiting for its beacon
   * value settles later; a client that has not heard of the settlement by then asks again.
   */
  settlesAt: unixSeconds,
  settledAt: unixSeconds.nullable(),
  /** The hash this round's revealed hash must link to (previous round's hash, or the chain's terminal hash). */
  commitment: z.string(),
  salt: z.string(),
  /** Revealed when the round enters `drawing`; null before. */
  hash: z.string().nullable(),
  digits: z.array(z.number().int()).length(3).nullable(),
  sum: z.number().int().nullable(),
  /** Distinct users with a position in this round. */
  userCount: z.number().int(),
  /**
   * How the result is made (docs/fairness): `v1` = chain hash only; `v2` = chain hash + the beacon round
   * `beaconRound`, the first emitted at or after `sealsAt` (`drand` quicknet, or a `local` test beacon).
   */
  fairness: roundFairnessSchema,
  /** Why a void round was voided: `beacon_timeout` = no verified beacon value in time; null otherwise. */
  voidReason: z.string().nullable(),
});
export type RoundView = z.infer<typeof roundSchema>;

export const roomSchema = z.object({
  id: idField,
  tier: roomTierSchema,
  entryMinimum: z.number().int(),
  stakeMinimum: z.number().int(),
  stakeMaximum: z.number().int(),
  roundSeconds: z.number().int(),
  sealedSeconds: z.number().int(),
  houseEdgeBps: z.number().int(),
  paused: z.boolean(),
  currentRound: roundSchema.nullable(),
  /** For the signed-in viewer: whether their balance meets the entry minimum, and how much is missing. */
  qualified: z.boolean(),
  missingForEntry: z.number().int(),
});
export type RoomView = z.infer<typeof roomSchema>;
export const roomListSchema = z.object({ items: z.array(roomSchema) });
export type RoomList = z.infer<typeof roomListSchema>;
/** POST /rooms/:id/enter: the room, once the viewer's balance meets its entry minimum. */
export const enterRoomResponseSchema = z.object({ room: roomSchema });
export const roundPageSchema = pageOf(roundSchema);

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

export const marketOverviewSchema = z.object({
  /** UTC date of "today", YYYY-MM-DD. */
  tradingDate: z.string(),
  /** Sum of stakes placed today. */
  todayVolume: z.number().int(),
  /** Distinct users with a position today. */
  tradingUsers: z.number().int(),
  rooms: z.array(
    z.object({
      roomId: idField,
      tier: roomTierSchema,
      currentRound: roundSchema.nullable(),
      /** Last settled rounds, newest first (at most 30): for the trend charts. */
      recent: z.array(z.object({ issue: z.string(), sum: z.number().int(), settledAt: unixSeconds })),
      /** Over `recent`: how often the sum was long (14-27), short, single (odd), double (even). */
      frequencies: z.object({
        long: z.number().int(),
        short: z.number().int(),
        single: z.number().int(),
        double: z.number().int(),
      }),
      /** Users' total payout minus stakes in the room's last settled round. */
      lastRoundProfit: z.number().int().nullable(),
    }),
  ),
});
export type MarketOverview = z.infer<typeof marketOverviewSchema>;

/** GET /fairness/rounds/:id: everything needed to verify a drawn round (404 before it is drawn). */
export const fairnessProofSchema = z.object({
  roundId: idField,
  roomId: idField,
  issue: z.string(),
  salt: z.string(),
  hash: z.string(),
  previousHash: z.string(),
  chainTerminalHash: z.string(),
  digits: z.array(z.number().int()).length(3),
  sum: z.number().int(),
  scheme: z.enum(['v1', 'v2']),
  /** When the round sealed (unix seconds): a v2 beacon must be the first round emitted at or after it. */
  sealsAt: unixSeconds,
  /** Scheme v2: the beacon value mixed in and its network, enough to check its BLS signature offline. */
  beacon: z
    .object({
      kind: z.enum(['drand', 'local']),
      round: z.number().int(),
      signature: z.string(),
      randomness: z.string(),
      chainHash: z.string(),
      publicKey: z.string(),
      genesis: z.number().int(),
      period: z.number().int(),
    })
    .nullable(),
});
export type FairnessProof = z.infer<typeof fairnessProofSchema>;
