/**
 * From the claims read at one instant to a snapshot's tree: one leaf per user with a positive or zero
 * claim, in the order of their salts (random per snapshot, so a user's neighbours change every time and
 * a leaf's place says nothing about whose it is), then the Merkle-sum levels, built in chunks.
 */
import { type Sha256, sha256, toHex } from '../sha256.ts';
import { leafNode, merkleSumLevels, rootOf, type SumNode } from './merkle-sum.ts';

export interface ClaimLeaf {
  userId: string;
  /** 32 random bytes, fresh for this user in this snapshot. */
  salt: Uint8Array;
  amount: number;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Lowercase hex by table: 100,000 salts in milliseconds, and its string order is the bytes' order. */
function hexOf(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += HEX[byte] ?? '';
  return out;
}

/** The leaves in the canonical order (by salt), each with its salt in hex, as stored and published. */
export function orderLeaves(leaves: readonly ClaimLeaf[]): Array<ClaimLeaf & { saltHex: string }> {
  return leaves
    .map((leaf) => ({ ...leaf, saltHex: hexOf(leaf.salt) }))
    .sort((a, b) => (a.saltHex < b.saltHex ? -1 : a.saltHex > b.saltHex ? 1 : 0));
}

export interface LiabilitiesTree {
  /** The leaves in tree order, each with its salt in hex. */
  leaves: Array<ClaimLeaf & { saltHex: string }>;
  levels: SumNode[][];
  root: string;
  total: number;
}

/**
 * A generator (see merkleSumLevels): yields between chunks of hashing, returns the tree. `hash` is
 * SHA-256 either way (see Sha256): the server's worker passes node:crypto's.
 */
export function* liabilitiesTree(
  claims: readonly ClaimLeaf[],
  chunk = 2048,
  hash: Sha256 = sha256,
): Generator<void, LiabilitiesTree> {
  const leaves = orderLeaves(claims);
  const nodes: SumNode[] = [];
  for (const [i, leaf] of leaves.entries()) {
    nodes.push(leafNode(leaf, hash));
    if ((i + 1) % chunk === 0) yield;
  }
  const levels = yield* merkleSumLevels(nodes, chunk, hash);
  const root = rootOf(levels);
  return { leaves, levels, root: toHex(root.hash), total: root.sum };
}
