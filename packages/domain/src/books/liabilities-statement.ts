/**
 * What a snapshot publishes, and the exact bytes its Ed25519 signature covers: seven lines of text, so the
 * ten-line check in docs/trust/liabilities.md can rebuild them with node:crypto alone. Signing and
 * verifying use @noble/curves (audited; the same in the browser, on the server and offline).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { fromHex, toHex, utf8 } from '../sha256.ts';
import { MERKLE_SUM_VERSION } from './merkle-sum.ts';

/** The previous root of the first snapshot. */
export const NO_PREVIOUS_ROOT = '0'.repeat(64);

export interface SnapshotStatement {
  /** 1, 2, 3... in the order snapshots were taken. */
  sequence: number;
  /** ISO 8601 UTC, milliseconds: the instant every claim was read at. */
  takenAt: string;
  root: string;
  total: number;
  userCount: number;
  /** The root of the snapshot before this one (NO_PREVIOUS_ROOT for the first). */
  previousRoot: string;
}

export function statementText(s: SnapshotStatement): string {
  return [
    MERKLE_SUM_VERSION,
    `sequence: ${s.sequence}`,
    `taken-at: ${s.takenAt}`,
    `root: ${s.root}`,
    `total: ${s.total}`,
    `users: ${s.userCount}`,
    `previous-root: ${s.previousRoot}`,
  ].join('\n');
}

/** A new signing key (32 random bytes from the platform's CSPRNG). */
export function generateLiabilitiesKey(): Uint8Array {
  return ed25519.utils.randomSecretKey();
}

export function liabilitiesPublicKey(secretKey: Uint8Array): string {
  return toHex(ed25519.getPublicKey(secretKey));
}

export function signStatement(statement: SnapshotStatement, secretKey: Uint8Array): string {
  return toHex(ed25519.sign(utf8(statementText(statement)), secretKey));
}

export function verifyStatement(statement: SnapshotStatement, signature: string, publicKey: string): boolean {
  const sig = fromHex(signature);
  const key = fromHex(publicKey);
  if (sig === null || sig.length !== 64 || key === null || key.length !== 32) return false;
  try {
    return ed25519.verify(sig, utf8(statementText(statement)), key);
  } catch {
    return false;
  }
}
