/**
 * A Merkle-sum tree (the proof of liabilities, docs/trust/liabilities.md). Every node commits to both
 * children's hashes AND both children's sums: a tree that hashed only the total would let an operator
 * shift value between siblings and under-report (ePrint 2018/1139). Leaves and nodes are hashed under
 * different tags, so a node can never be passed off as a leaf or the reverse. Every sum is checked to be a
 * non-negative safe integer wherever it is read or made, in the builder and in the verifier alike.
 *
 * An odd node at the end of a level is carried up unchanged (no padding leaf), so a path may be shorter
 * than the tree is tall; each step names which side its sibling sits on.
 */
import { type Sha256, sha256, utf8 } from '../sha256.ts';

export const MERKLE_SUM_VERSION = 'tradehall-liabilities/v1';
const LEAF_TAG = utf8(`${MERKLE_SUM_VERSION}/leaf\0`);
const NODE_TAG = utf8(`${MERKLE_SUM_VERSION}/node\0`);
const EMPTY_TAG = utf8(`${MERKLE_SUM_VERSION}/empty\0`);

export const SALT_BYTES = 32;
export const HASH_BYTES = 32;

export interface SumNode {
  hash: Uint8Array;
  sum: number;
}

/** One step up from a leaf: the sibling's hash and sum, and the side it sits on. */
export interface PathStep {
  side: 'left' | 'right';
  hash: Uint8Array;
  sum: number;
}

/** Why a sum, a node or a path was refused. */
export type SumTreeError = 'NEGATIVE_OR_UNSAFE_SUM' | 'BAD_HASH' | 'BAD_SALT' | 'BAD_USER' | 'PATH_TOO_LONG';

export class SumTreeRefused extends Error {
  override name = 'SumTreeRefused';
  constructor(readonly code: SumTreeError) {
    super(`Merkle-sum tree refused: ${code}`);
  }
}

/** The range check every sum passes: a whole number of cents from 0 to 2^53 - 1. */
export function isValidSum(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

function checkSum(value: number): void {
  if (!isValidSum(value)) throw new SumTreeRefused('NEGATIVE_OR_UNSAFE_SUM');
}

/** 8 bytes, big-endian: exact for every safe integer. */
export function uint64(value: number): Uint8Array {
  const out = new Uint8Array(8);
  writeUint64(new DataView(out.buffer), 0, value);
  return out;
}

/**
 * Writes a safe non-negative integer as 8 bytes big-endian, in two 32-bit halves (exact below 2^53, and
 * no BigInt made per call: a snapshot writes 300,000 of them).
 */
export function writeUint64(view: DataView, offset: number, value: number): void {
  view.setUint32(offset, Math.floor(value / 2 ** 32));
  view.setUint32(offset + 4, value >>> 0);
}

/**
 * A leaf: SHA-256(tag ‖ salt ‖ amount as u64 ‖ user id). The salt is fresh per user and per snapshot,
 * so a leaf's hash says nothing about whose it is, and two snapshots' leaves of one user do not link.
 */
export function leafNode(
  leaf: { userId: string; salt: Uint8Array; amount: number },
  hash: Sha256 = sha256,
): SumNode {
  checkSum(leaf.amount);
  if (leaf.salt.length !== SALT_BYTES) throw new SumTreeRefused('BAD_SALT');
  if (leaf.userId.length === 0 || leaf.userId.length > 128) throw new SumTreeRefused('BAD_USER');
  // One buffer written in place: tag, salt, amount, user id.
  const id = utf8(leaf.userId);
  const message = new Uint8Array(LEAF_TAG.length + SALT_BYTES + 8 + id.length);
  message.set(LEAF_TAG, 0);
  message.set(leaf.salt, LEAF_TAG.length);
  writeUint64(new DataView(message.buffer), LEAF_TAG.length + SALT_BYTES, leaf.amount);
  message.set(id, LEAF_TAG.length + SALT_BYTES + 8);
  return { hash: hash(message), sum: leaf.amount };
}

/** A node: SHA-256(tag ‖ left hash ‖ left sum ‖ right hash ‖ right sum), its sum the two added. */
export function parentNode(left: SumNode, right: SumNode, hash: Sha256 = sha256): SumNode {
  checkSum(left.sum);
  checkSum(right.sum);
  if (left.hash.length !== HASH_BYTES || right.hash.length !== HASH_BYTES)
    throw new SumTreeRefused('BAD_HASH');
  const sum = left.sum + right.sum;
  checkSum(sum);
  // One buffer written in place: tag, left hash, left sum, right hash, right sum.
  const at = NODE_TAG.length;
  const message = new Uint8Array(at + 2 * (HASH_BYTES + 8));
  const view = new DataView(message.buffer);
  message.set(NODE_TAG, 0);
  message.set(left.hash, at);
  writeUint64(view, at + HASH_BYTES, left.sum);
  message.set(right.hash, at + HASH_BYTES + 8);
  writeUint64(view, at + 2 * HASH_BYTES + 8, right.sum);
  return { hash: hash(message), sum };
}

/** The root of a tree with no leaf (a snapshot of no user). */
export function emptyRoot(): SumNode {
  return { hash: sha256(EMPTY_TAG), sum: 0 };
}

/**
 * Builds every level, leaves first, root last, as a generator that stops after each `chunk` hashes, so a
 * caller can hand the event loop back between chunks (a snapshot of 100,000 users blocks no request).
 * Drive it with `for`/`next()` until done; `buildLevels` runs it straight through.
 */
export function* merkleSumLevels(
  leaves: readonly SumNode[],
  chunk = 2048,
  hash: Sha256 = sha256,
): Generator<void, SumNode[][]> {
  const levels: SumNode[][] = [leaves.slice()];
  let level = levels[0] ?? [];
  let done = 0;
  while (level.length > 1) {
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as SumNode;
      const right = level[i + 1];
      next.push(right === undefined ? left : parentNode(left, right, hash));
      done += 1;
      if (done % chunk === 0) yield;
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

export function buildLevels(leaves: readonly SumNode[]): SumNode[][] {
  const steps = merkleSumLevels(leaves, Number.MAX_SAFE_INTEGER);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export function rootOf(levels: readonly SumNode[][]): SumNode {
  const top = levels[levels.length - 1];
  return top?.[0] ?? emptyRoot();
}

/** The siblings from leaf `index` up to the root (a carried-up odd node has no step at that level). */
export function inclusionPath(levels: readonly SumNode[][], index: number): PathStep[] {
  const path: PathStep[] = [];
  let i = index;
  for (let depth = 0; depth < levels.length - 1; depth++) {
    const level = levels[depth] ?? [];
    const siblingIndex = i % 2 === 0 ? i + 1 : i - 1;
    const sibling = level[siblingIndex];
    if (sibling !== undefined) {
      path.push({ side: i % 2 === 0 ? 'right' : 'left', hash: sibling.hash, sum: sibling.sum });
    }
    i = Math.floor(i / 2);
  }
  return path;
}

/** The most steps a path can have: a tree of 2^53 leaves is already beyond any ledger. */
export const MAX_PATH_STEPS = 64;

/** Folds a leaf up its path, range-checking every sum; throws SumTreeRefused on a bad step. */
export function rootFromPath(leaf: SumNode, path: readonly PathStep[]): SumNode {
  if (path.length > MAX_PATH_STEPS) throw new SumTreeRefused('PATH_TOO_LONG');
  let node = leaf;
  for (const step of path) {
    const sibling = { hash: step.hash, sum: step.sum };
    node = step.side === 'left' ? parentNode(sibling, node) : parentNode(node, sibling);
  }
  return node;
}
