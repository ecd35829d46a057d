/**
 * From the claims read at one instant to a snapshot's tree: one leaf per user with a positive or zero
 * claim, in the order of their salts (random per snapshot, so a user's neighbours change every time and
 * a leaf's place says nothing about whose it is), then the Merkle-sum levels, built in chunks.
 */
import { toHex } from '../sha256.ts';
import { leafNode, merkleSumLevels, rootOf, type SumNode } from './merkle-sum.ts';

export interface ClaimLeaf {
  userId: string;
  /** 32 random bytes, fresh for this user in this snapshot. */
  salt: Uint8Array;
  amount: number;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** The canonical leaf order: by salt. */
export function orderLeaves(leaves: readonly ClaimLeaf[]): ClaimLeaf[] {
  return leaves.slice().sort((a, b) => compareBytes(a.salt, b.salt));
}

export interface LiabilitiesTree {
  /** The leaves in tree order. */
  leaves: ClaimLeaf[];
  levels: SumNode[][];
  root: string;
  total: number;
}

/** A generator (see merkleSumLevels): yields between chunks of hashing, returns the tree. */
export function* liabilitiesTree(
  claims: readonly ClaimLeaf[],
  chunk = 2048,
): Generator<void, LiabilitiesTree> {
  const leaves = orderLeaves(claims);
  const nodes: SumNode[] = [];
  for (const [i, leaf] of leaves.entries()) {
    nodes.push(leafNode(leaf));
    if ((i + 1) % chunk === 0) yield;
  }
  const levels = yield* merkleSumLevels(nodes, chunk);
  const root = rootOf(levels);
  return { leaves, levels, root: toHex(root.hash), total: root.sum };
}
