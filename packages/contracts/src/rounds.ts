/**
 * Rooms and their rounds: a room's terms, a round's state and its fairness commitment. Amounts in integer
 * cents; multipliers in integer hundredths (196 = 1.96x); times in unix seconds.
 */
import { BOTH_SIDES_BETS, ROOM_TIERS, ROUND_STATUSES, TREND_WINDOWS } from '@tradehall/domain';
import { z } from 'zod';
import { idField, pageOf, unixSeconds } from './common.ts';

export const roomTierSchema = z.enum(ROOM_TIERS);
export const roundStatusSchema = z.enum(ROUND_STATUSES);

export const roundFairnessSchema = z.object({
  scheme: z.enum(['v1', 'v2']),
  beacon: z.enum(['drand', 'local']).nullable(),
  beaconRound: z.number().int().nullable(),
});
export type RoundFairness = z.infer<typeof roundFairnessSchema>;

/**
 * The positions committed at the seal (docs/trust/positions.md): the root over every accepted position,
 * how many it commits to and the leaf format's version. Null while the round is open.
 */
export const roundPositionsSchema = z.object({
  root: z.string(),
  leafCount: z.number().int(),
  version: z.number().int(),
});
export type RoundPositions = z.infer<typeof roundPositionsSchema>;

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
  /** Set in the transaction that seals the round, before the value that decides its result exists. */
  positions: roundPositionsSchema.nullable(),
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

// ---- trend tables ---------------------------------------------------------------------------------------

/** The genre's categories: the both-sides bets (big, small, odd, even, the combinations, the extremes). */
export const trendCategorySchema = z.enum(BOTH_SIDES_BETS);
export type TrendCategory = z.infer<typeof trendCategorySchema>;

/** A drawn round of the trend table: voided ones are listed as such and counted nowhere. */
export const trendRoundSchema = z.object({
  id: idField,
  issue: z.string(),
  status: z.enum(['drawing', 'settled', 'void']),
  /** Null while a round waits for its beacon value, and for a round voided before its draw. */
  digits: z.array(z.number().int()).length(3).nullable(),
  sum: z.number().int().nullable(),
  categories: z.array(trendCategorySchema),
  drawsAt: unixSeconds,
});
export type TrendRound = z.infer<typeof trendRoundSchema>;
export const trendRoundPageSchema = pageOf(trendRoundSchema);
export type TrendRoundPage = z.infer<typeof trendRoundPageSchema>;

const frequencyFields = {
  count: z.number().int(),
  /** What a fair draw gives on average over the same number of rounds. */
  expected: z.number(),
};
const omissionFields = {
  /** Counted rounds since it last came (all of them when it never came). */
  omission: z.number().int(),
  seen: z.boolean(),
};

export const trendWindowSchema = z.object({
  size: z.literal([...TREND_WINDOWS]),
  rounds: z.number().int(),
  sums: z.array(z.object({ sum: z.number().int(), ...frequencyFields })),
  categories: z.array(z.object({ category: trendCategorySchema, ...frequencyFields })),
  hot: z.array(z.number().int()),
  cold: z.array(z.number().int()),
});

export const trendFitSchema = z.object({
  rounds: z.number().int(),
  cells: z.array(
    z.object({
      from: z.number().int(),
      to: z.number().int(),
      observed: z.number().int(),
      expected: z.number(),
    }),
  ),
  statistic: z.number(),
  degreesOfFreedom: z.number().int(),
  pValue: z.number(),
  verdict: z.enum(['fair', 'unusual']),
});
export type TrendFit = z.infer<typeof trendFitSchema>;

/** GET /rooms/:id/trends: every figure of the trend tables and the first page of drawn rounds. */
export const roomTrendsSchema = z.object({
  roomId: idField,
  /** Settled rounds counted so far. */
  drawn: z.number().int(),
  windows: z.array(trendWindowSchema),
  omission: z.object({
    sums: z.array(z.object({ sum: z.number().int(), ...omissionFields })),
    categories: z.array(z.object({ category: trendCategorySchema, ...omissionFields })),
  }),
  /** The chi-square goodness-of-fit over the last 1,000 counted rounds; null with too few rounds. */
  fit: trendFitSchema.nullable(),
  rounds: trendRoundPageSchema,
});
export type RoomTrends = z.infer<typeof roomTrendsSchema>;
