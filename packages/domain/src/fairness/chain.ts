/**
 * The per-room hash chain (DESIGN §6). From a secret seed s: c[L] = SHA-256(s), c[k] = SHA-256(c[k+1]).
 * c[0] (the terminal hash) is published with a public salt before the chain's first round; round k of
 * the chain reveals c[k], which hashes to c[k-1]: every revealed hash proves the previous one, and no
 * one who knows only revealed hashes can compute the next.
 */
import { fromHex, sha256, toHex } from '../sha256.ts';

export interface HashChain {
  /** c[0], published before use. */
  terminalHash: string;
  /** c[1]..c[L], in the order rounds use them. */
  roundHashes: string[];
}

export function buildChain(seedHex: string, length: number): HashChain {
  const seed = fromHex(seedHex);
  if (!seed || seed.length < 16) throw new RangeError('the seed must be at least 16 bytes of hex');
  if (!Number.isInteger(length) || length < 1) throw new RangeError('the chain needs at least one round');
  const hashes: Uint8Array[] = new Array(length + 1);
  let current = sha256(seed);
  for (let k = length; k >= 0; k--) {
    hashes[k] = current;
    current = sha256(current);
  }
  const hex = hashes.map((hash) => toHex(hash));
  return { terminalHash: hex[0] ?? '', roundHashes: hex.slice(1) };
}

/** True when `hashHex` is the link right after `previousHex`: SHA-256(hash) = previous. */
export function linksTo(hashHex: string, previousHex: string): boolean {
  const hash = fromHex(hashHex);
  if (hash?.length !== 32 || !/^[0-9a-f]{64}$/.test(previousHex)) return false;
  return toHex(sha256(hash)) === previousHex;
}
