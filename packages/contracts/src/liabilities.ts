/**
 * The proof of liabilities (docs/trust/liabilities.md): signed snapshots of what the operator owes its
 * users, each user's proof of inclusion, and the operator's stated reserves beside the total.
 */
import { LIABILITIES_PROOF_FORMAT } from '@tradehall/domain';
import { z } from 'zod';
import { idField, multilineTextField, pageOf, unixSeconds } from './common.ts';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const hex128 = z.string().regex(/^[0-9a-f]{128}$/);
const cents = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** What a snapshot publishes and signs; `takenAt` is ISO 8601 (UTC, ms), exactly as signed. */
const signedStatementFields = {
  sequence: z.number().int().positive(),
  takenAt: z.string(),
  root: hex64,
  total: cents,
  userCount: z.number().int().nonnegative(),
  previousRoot: hex64,
  signature: hex128,
};

export const liabilitiesSnapshotSchema = z.object({
  id: idField,
  ...signedStatementFields,
  /** The Ed25519 key that signed it (hex). */
  publicKey: hex64,
  /** Taken by the hourly schedule or because an operator asked. */
  trigger: z.enum(['schedule', 'operator']),
});
export type LiabilitiesSnapshot = z.infer<typeof liabilitiesSnapshotSchema>;

export const liabilitiesSnapshotPageSchema = pageOf(liabilitiesSnapshotSchema);

/**
 * How the operator backs a reserves figure: a crypto address it proves it controls by a signed message
 * (checkable by anyone), a bank balance attested by the bank or an auditor (to be taken on their word),
 * or the operator's own statement (to be taken on the operator's word).
 */
export const RESERVE_SCOPES = ['crypto_signed_message', 'bank_attestation', 'operator_statement'] as const;
export const reserveScopeSchema = z.enum(RESERVE_SCOPES);
export type ReserveScope = z.infer<typeof reserveScopeSchema>;

export const reservesStatementSchema = z.object({
  amount: cents,
  scope: reserveScopeSchema,
  /** The signed message and address, or who attested what and when: shown as given. */
  evidence: z.string(),
  statedAt: unixSeconds,
});
export type ReservesStatement = z.infer<typeof reservesStatementSchema>;

/** GET /liabilities: the key, the schedule, the latest snapshot and the stated reserves. */
export const liabilitiesOverviewSchema = z.object({
  /** Null when the server has no signing key configured: no snapshot is taken then. */
  publicKey: hex64.nullable(),
  /** Minutes between scheduled snapshots; 0 when only operators take them. */
  scheduleMinutes: z.number().int().nonnegative(),
  latest: liabilitiesSnapshotSchema.nullable(),
  reserves: reservesStatementSchema.nullable(),
});
export type LiabilitiesOverview = z.infer<typeof liabilitiesOverviewSchema>;

export const liabilitiesPublicKeySchema = z.object({
  algorithm: z.literal('ed25519'),
  publicKey: hex64.nullable(),
});

/**
 * GET /liabilities/snapshots/:id/proof: the signed-in user's proof of inclusion, as the verifier reads it.
 * Its sums are any numbers here, not range-checked: the server hands over what it stored, and the
 * verifier (in the browser, offline) is what refuses a negative or unsafe sum, so tampered data shows as
 * a failed verification rather than as a server error.
 */
export const liabilitiesProofSchema = z.object({
  format: z.literal(LIABILITIES_PROOF_FORMAT),
  publicKey: hex64,
  snapshot: z.object({ ...signedStatementFields, total: z.number() }),
  leaf: z.object({ userId: idField, salt: hex64, amount: z.number() }),
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash: hex64, sum: z.number() })),
});

/** PUT /admin/liabilities/reserves (admin, with a current two-factor code). */
export const reservesUpdateRequestSchema = z.strictObject({
  amount: cents,
  scope: reserveScopeSchema,
  evidence: multilineTextField(4000, 'validation.reasonRequired'),
  totpCode: z
    .string()
    .regex(/^\d{6}$/, { message: 'validation.totpCodeFormat' })
    .optional(),
});
export type ReservesUpdateRequest = z.infer<typeof reservesUpdateRequestSchema>;
