/**
 * The heavy part of a snapshot, run in the liabilities worker thread (liabilities-worker.ts): a fresh
 * salt per user, the leaves in salt order, every hash of the Merkle-sum tree, each level packed (40 bytes
 * a node), and the leaves written out as PostgreSQL array literals, a batch each, so the request thread
 * only passes strings to the insert statements and never builds 100,000 parameter values itself.
 */
import { randomBytes } from 'node:crypto';
import { type ClaimLeaf, liabilitiesTree } from '@tradehall/domain';
import { nativeSha256 } from '../../platform/native-sha256.ts';
import type { LeafBatch } from './liabilities.repository.ts';
import { packLevel } from './liabilities-storage.ts';

export interface ComputedTree {
  root: string;
  total: number;
  userCount: number;
  leafBatches: LeafBatch[];
  /** Each level packed, leaves first, root last. */
  levels: Uint8Array[];
}

/**
 * Uuids, hex salts and whole numbers need no quoting in an array literal; anything else is refused
 * rather than quoted, since a claim's user id always comes from a uuid column.
 */
const LITERAL_SAFE = /^[0-9a-f-]+$/;

function arrayLiteral(values: readonly string[]): string {
  for (const value of values) {
    if (!LITERAL_SAFE.test(value)) throw new Error('liabilities: a leaf value is not a plain uuid or number');
  }
  return `{${values.join(',')}}`;
}

export function computeTree(
  userIds: readonly string[],
  amounts: readonly number[],
  batch: number,
): ComputedTree {
  if (userIds.length !== amounts.length) throw new Error('liabilities: user ids and amounts differ in count');
  const salts = randomBytes(32 * userIds.length);
  const claims: ClaimLeaf[] = userIds.map((userId, i) => ({
    userId,
    salt: salts.subarray(i * 32, i * 32 + 32),
    amount: amounts[i] ?? 0,
  }));
  // Straight through: this runs off the request thread, so there is nothing to hand back to.
  const building = liabilitiesTree(claims, Number.MAX_SAFE_INTEGER, nativeSha256);
  let step = building.next();
  while (!step.done) step = building.next();
  const tree = step.value;
  const leafBatches: LeafBatch[] = [];
  for (let start = 0; start < tree.leaves.length; start += batch) {
    const leaves = tree.leaves.slice(start, start + batch);
    leafBatches.push({
      userIds: arrayLiteral(leaves.map((leaf) => leaf.userId)),
      positions: arrayLiteral(leaves.map((_, i) => String(start + i))),
      salts: arrayLiteral(leaves.map((leaf) => leaf.saltHex)),
      amounts: arrayLiteral(leaves.map((leaf) => String(leaf.amount))),
    });
  }
  return {
    root: tree.root,
    total: tree.total,
    userCount: tree.leaves.length,
    leafBatches,
    levels: tree.levels.map(packLevel),
  };
}
