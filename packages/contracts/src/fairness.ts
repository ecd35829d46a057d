/** The public proof of a drawn round, enough to verify its result offline. */
import { z } from 'zod';
import { idField, unixSeconds } from './common.ts';

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
