/**
 * Rooms, rounds and fairness chains as operators see and configure them. A room's change takes effect from
 * the next round; a round's result is never visible before it is drawn.
 */
import { ROOM_TIERS, STAKE_CEILING_CENTS } from '@tradehall/domain';
import { z } from 'zod';
import { idField, operatorReasonField, pageOf, unixSeconds } from './common.ts';
import { roundStatusSchema } from './rounds.ts';

export const adminRoomSchema = z.object({
  id: idField,
  tier: z.enum(ROOM_TIERS),
  entryMinimum: z.number().int(),
  stakeMinimum: z.number().int(),
  stakeMaximum: z.number().int(),
  roundSeconds: z.number().int(),
  sealedSeconds: z.number().int(),
  houseEdgeBps: z.number().int(),
  paused: z.boolean(),
});
export type AdminRoom = z.infer<typeof adminRoomSchema>;
export const adminRoomListSchema = z.object({ items: z.array(adminRoomSchema) });

/** PATCH /admin/rooms/:id: takes effect from the next round. */
export const updateRoomRequestSchema = z.strictObject({
  entryMinimum: z.number().int().min(0).optional(),
  // The payout bounds (decision 0042): no room may allow a stake settlement could not pay exactly.
  stakeMinimum: z.number().int().min(1).max(STAKE_CEILING_CENTS).optional(),
  stakeMaximum: z.number().int().min(1).max(STAKE_CEILING_CENTS).optional(),
  roundSeconds: z.number().int().min(20).max(3600).optional(),
  sealedSeconds: z.number().int().min(3).max(600).optional(),
  houseEdgeBps: z.number().int().min(0).max(2000).optional(),
  reason: operatorReasonField,
});

export const adminRoundSchema = z.object({
  id: idField,
  issue: z.string(),
  status: roundStatusSchema,
  opensAt: unixSeconds,
  sealsAt: unixSeconds,
  drawsAt: unixSeconds,
  settledAt: unixSeconds.nullable(),
  chainId: idField,
  chainIndex: z.number().int(),
  commitment: z.string(),
  /** Revealed at drawing; null before: the console cannot preview a result either. */
  hash: z.string().nullable(),
  digits: z.array(z.number().int()).nullable(),
  sum: z.number().int().nullable(),
  positions: z.number().int(),
  users: z.number().int(),
  staked: z.number().int(),
  paid: z.number().int(),
});
export const adminRoundPageSchema = pageOf(adminRoundSchema);

export const chainSchema = z.object({
  id: idField,
  roomId: idField,
  salt: z.string(),
  terminalHash: z.string(),
  length: z.number().int(),
  used: z.number().int(),
  publishedAt: unixSeconds,
  /** Whether new rounds draw from this chain now. */
  active: z.boolean(),
});
export type ChainView = z.infer<typeof chainSchema>;
export const chainListSchema = z.object({ items: z.array(chainSchema) });
