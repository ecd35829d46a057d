/**
 * A user's proof of inclusion in a snapshot, as JSON (what the app downloads and `npm run
 * verify-liabilities` reads), and its verifier: the signature over the snapshot's statement, the user's
 * leaf, every sum on the path range-checked, the root and the total. Pure: runs in the browser and offline.
 */
import { fromHex, toHex } from '../sha256.ts';
import { LIABILITIES_PROOF_FORMAT } from './liabilities-format.ts';
import { type SnapshotStatement, verifyStatement } from './liabilities-statement.ts';

export { LIABILITIES_PROOF_FORMAT };

import {
  HASH_BYTES,
  leafNode,
  type PathStep,
  rootFromPath,
  SALT_BYTES,
  type SumNode,
  SumTreeRefused,
} from './merkle-sum.ts';

export interface LiabilitiesProofStep {
  side: 'left' | 'right';
  hash: string;
  sum: number;
}

export interface LiabilitiesProof {
  format: typeof LIABILITIES_PROOF_FORMAT;
  /** The Ed25519 public key the snapshot was signed with (hex); compare it with the one published. */
  publicKey: string;
  snapshot: SnapshotStatement & { signature: string };
  leaf: { userId: string; salt: string; amount: number };
  path: LiabilitiesProofStep[];
}

export type LiabilitiesVerifyFailure =
  | 'BAD_FORMAT'
  | 'WRONG_PUBLIC_KEY'
  | 'BAD_SIGNATURE'
  | 'BAD_SUM'
  | 'ROOT_MISMATCH'
  | 'TOTAL_MISMATCH'
  | 'AMOUNT_MISMATCH';

export type LiabilitiesVerifyResult =
  | { ok: true; amount: number; total: number; takenAt: string }
  | { ok: false; reason: LiabilitiesVerifyFailure };

export interface VerifyOptions {
  /** The public key the operator publishes: a proof signed by any other key fails. */
  publicKey?: string;
  /** What the user knows their claim to have been: a different amount in the leaf fails. */
  expectedAmount?: number;
}

const HEX64 = /^[0-9a-f]{64}$/;

function decodePath(path: readonly LiabilitiesProofStep[]): PathStep[] | null {
  const steps: PathStep[] = [];
  for (const step of path) {
    const hash = fromHex(step.hash);
    if (hash === null || hash.length !== HASH_BYTES || (step.side !== 'left' && step.side !== 'right')) {
      return null;
    }
    steps.push({ side: step.side, hash, sum: step.sum });
  }
  return steps;
}

function wellFormed(proof: LiabilitiesProof): boolean {
  const s = proof.snapshot;
  return (
    proof.format === LIABILITIES_PROOF_FORMAT &&
    HEX64.test(proof.publicKey) &&
    HEX64.test(s.root) &&
    HEX64.test(s.previousRoot) &&
    Number.isSafeInteger(s.sequence) &&
    Number.isSafeInteger(s.userCount) &&
    s.userCount >= 1 &&
    typeof s.takenAt === 'string' &&
    HEX64.test(proof.leaf.salt) &&
    typeof proof.leaf.userId === 'string' &&
    Array.isArray(proof.path)
  );
}

export function verifyLiabilitiesProof(
  proof: LiabilitiesProof,
  options: VerifyOptions = {},
): LiabilitiesVerifyResult {
  if (!wellFormed(proof)) return { ok: false, reason: 'BAD_FORMAT' };
  if (options.publicKey !== undefined && options.publicKey.toLowerCase() !== proof.publicKey) {
    return { ok: false, reason: 'WRONG_PUBLIC_KEY' };
  }
  const { signature, ...statement } = proof.snapshot;
  if (!verifyStatement(statement, signature, proof.publicKey)) return { ok: false, reason: 'BAD_SIGNATURE' };
  const steps = decodePath(proof.path);
  const salt = fromHex(proof.leaf.salt);
  if (steps === null || salt === null || salt.length !== SALT_BYTES)
    return { ok: false, reason: 'BAD_FORMAT' };
  let root: SumNode;
  try {
    root = rootFromPath(leafNode({ userId: proof.leaf.userId, salt, amount: proof.leaf.amount }), steps);
  } catch (error) {
    if (error instanceof SumTreeRefused) {
      return { ok: false, reason: error.code === 'NEGATIVE_OR_UNSAFE_SUM' ? 'BAD_SUM' : 'BAD_FORMAT' };
    }
    throw error;
  }
  if (toHex(root.hash) !== statement.root) return { ok: false, reason: 'ROOT_MISMATCH' };
  if (root.sum !== statement.total) return { ok: false, reason: 'TOTAL_MISMATCH' };
  if (options.expectedAmount !== undefined && options.expectedAmount !== proof.leaf.amount) {
    return { ok: false, reason: 'AMOUNT_MISMATCH' };
  }
  return { ok: true, amount: proof.leaf.amount, total: statement.total, takenAt: statement.takenAt };
}

/** A path as the proof's JSON carries it. */
export function encodePath(path: readonly PathStep[]): LiabilitiesProofStep[] {
  return path.map((step) => ({ side: step.side, hash: toHex(step.hash), sum: step.sum }));
}
