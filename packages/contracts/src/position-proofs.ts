/**
 * Positions committed at the seal (docs/trust/positions.md): a round's committed leaves with what its
 * ledger moved, and a position's inclusion proof for its owner. Integer cents and hundredths.
 */
import { z } from 'zod';
import { idField, unixSeconds } from './common.ts';
import { betSchema } from './positions.ts';
import { roundStatusSchema } from './rounds.ts';

/** A committed leaf as published: its round is the round's, its owner only a salted commitment. */
export const publishedLeafSchema = z.object({
  positionId: idField,
  ownerCommitment: z.string(),
  bet: betSchema,
  amount: z.number().int(),
  multiplier: z.number().int(),
});
export type PublishedLeaf = z.infer<typeof publishedLeafSchema>;

export const roundMoneyTotalsSchema = z.object({
  positions: z.number().int(),
  staked: z.number().int(),
  paid: z.number().int(),
});

/** GET /position-proofs/rounds/:id: what anyone can check once the round is sealed. */
export const committedRoundSchema = z.object({
  roundId: idField,
  issue: z.string(),
  status: roundStatusSchema,
  sealsAt: unixSeconds,
  version: z.number().int(),
  root: z.string(),
  leafCount: z.number().int(),
  /** Every committed position, in canonical order, as the database holds them now. */
  leaves: z.array(publishedLeafSchema),
  /** The round's sum once drawn. */
  sum: z.number().int().nullable(),
  /** What the ledger moved for the round's positions; null until the round is settled. */
  ledger: roundMoneyTotalsSchema.nullable(),
});
export type CommittedRound = z.infer<typeof committedRoundSchema>;

/** GET /position-proofs/positions/:id: the owner's proof that their position is in the committed set. */
export const positionProofSchema = z.object({
  roundId: idField,
  root: z.string(),
  version: z.number().int(),
  leaf: publishedLeafSchema,
  /** Only the owner ever receives these two: with them the owner commitment opens to the owner's id. */
  userId: idField,
  ownerSalt: z.string(),
  index: z.number().int(),
  leafCount: z.number().int(),
  siblings: z.array(z.string()),
});
export type PositionProof = z.infer<typeof positionProofSchema>;
