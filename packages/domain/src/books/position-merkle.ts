/**
 * The Merkle tree over a round's position leaves (decision 0028). Hashes are domain-separated so a leaf
 * can never pass for a node nor a node for the root: leaf = SHA-256(0x00 || leaf text), node =
 * SHA-256(0x01 || left || right), and the published root = SHA-256(0x02 || "<tag>|<count>|" || top),
 * which binds the leaf count and the format version (top is 32 zero bytes for a round without positions).
 * A level with an odd number of nodes carries its last node up unchanged (never duplicated, which would
 * let two different sets share a root). A proof names the leaf's index and the leaf count, so the
 * verifier knows at every level whether the leaf's node has a sibling and on which side.
 *
 * The builders take the SHA-256 to use (default @noble/hashes): the server passes node:crypto's, several
 * times faster on its hot path (a round's seal), so the tree's shape and encoding stay defined here once.
 */
import { fromHex, type Sha256, sha256, toHex, utf8 } from '../sha256.ts';
import { compareLeaves, leafText, POSITION_LEAF_TAG, type PositionLeaf } from './position-leaf.ts';

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;
const ROOT_PREFIX = 0x02;

export interface PositionInclusionProof {
  /** The leaf's place in the canonical order, 0-based. */
  index: number;
  leafCount: number;
  /** Sibling hashes from the leaf up (hex), only for the levels where the node has one. */
  siblings: string[];
}

function prefixed(prefix: number, ...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(1 + parts.reduce((total, part) => total + part.length, 0));
  out[0] = prefix;
  let at = 1;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function leafHash(leaf: PositionLeaf, hash: Sha256 = sha256): Uint8Array {
  return hash(prefixed(LEAF_PREFIX, utf8(leafText(leaf))));
}

/** A node's input, reused: a 100,000-leaf tree hashes 100,000 nodes, each would allocate its own. */
const nodeInput = new Uint8Array(65);

function nodeHash(left: Uint8Array, right: Uint8Array, hash: Sha256 = sha256): Uint8Array {
  if (left.length !== 32 || right.length !== 32) return hash(prefixed(NODE_PREFIX, left, right));
  nodeInput[0] = NODE_PREFIX;
  nodeInput.set(left, 1);
  nodeInput.set(right, 33);
  return hash(nodeInput);
}

function sealRoot(top: Uint8Array, count: number, hash: Sha256 = sha256): string {
  return toHex(hash(prefixed(ROOT_PREFIX, utf8(`${POSITION_LEAF_TAG}|${count}|`), top)));
}

/** The leaves in canonical order; throws on two leaves with the same position id or of other rounds. */
export function canonicalLeaves(leaves: readonly PositionLeaf[]): PositionLeaf[] {
  const sorted = [...leaves].sort(compareLeaves);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]?.positionId === sorted[i - 1]?.positionId) throw new RangeError('a position appears twice');
  }
  const roundId = sorted[0]?.roundId;
  if (sorted.some((leaf) => leaf.roundId !== roundId)) throw new RangeError('leaves of different rounds');
  return sorted;
}

function levelsOf(hashes: Uint8Array[], hash: Sha256): Uint8Array[][] {
  const levels = [hashes];
  let level = hashes;
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array;
      const right = level[i + 1];
      next.push(right ? nodeHash(left, right, hash) : left);
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The published root over a round's positions, in any input order. */
export function positionsRoot(leaves: readonly PositionLeaf[], hash: Sha256 = sha256): string {
  return rootOfHashes(
    canonicalLeaves(leaves).map((leaf) => leafHash(leaf, hash)),
    hash,
  );
}

/** The root over leaf hashes already in canonical order. */
export function rootOfHashes(hashes: Uint8Array[], hash: Sha256 = sha256): string {
  const levels = levelsOf(hashes, hash);
  const top = levels[levels.length - 1]?.[0] ?? new Uint8Array(32);
  return sealRoot(top, hashes.length, hash);
}

/** A tree built once, for the root and every leaf's proof (a round's proofs from one pass). */
export interface PositionTree {
  root: string;
  leaves: PositionLeaf[];
  proof(positionId: string): PositionInclusionProof | null;
}

export function buildPositionTree(input: readonly PositionLeaf[], hash: Sha256 = sha256): PositionTree {
  const leaves = canonicalLeaves(input);
  return treeOf(
    leaves,
    leaves.map((leaf) => leafHash(leaf, hash)),
    hash,
  );
}

/**
 * The tree over leaves whose hashes were made elsewhere (the server's database: its tests prove them
 * equal to leafHash), the leaves in canonical order and `hashes[i]` the i-th one's; only the nodes are
 * hashed here. Throws when the leaves are out of order, repeat a position or mix rounds.
 */
export function positionTreeOfHashes(
  input: readonly PositionLeaf[],
  hashes: Uint8Array[],
  hash: Sha256 = sha256,
): PositionTree {
  const leaves = canonicalLeaves(input);
  if (hashes.length !== leaves.length || leaves.some((leaf, index) => leaf !== input[index])) {
    throw new RangeError('leaves out of canonical order');
  }
  return treeOf(leaves, hashes, hash);
}

function treeOf(leaves: PositionLeaf[], hashes: Uint8Array[], hash: Sha256): PositionTree {
  const levels = levelsOf(hashes, hash);
  const top = levels[levels.length - 1]?.[0] ?? new Uint8Array(32);
  const indexOf = new Map(leaves.map((leaf, index) => [leaf.positionId, index]));
  return {
    root: sealRoot(top, leaves.length, hash),
    leaves,
    proof(positionId) {
      const index = indexOf.get(positionId);
      if (index === undefined) return null;
      const siblings: string[] = [];
      let at = index;
      for (const level of levels.slice(0, -1)) {
        const sibling = level[at ^ 1];
        if (sibling) siblings.push(toHex(sibling));
        at >>= 1;
      }
      return { index, leafCount: leaves.length, siblings };
    },
  };
}

/** True when the leaf, at the proof's index among `leafCount` leaves, hashes up to `root`. */
export function verifyInclusion(leaf: PositionLeaf, proof: PositionInclusionProof, root: string): boolean {
  const { index, leafCount, siblings } = proof;
  if (!Number.isSafeInteger(leafCount) || leafCount < 1) return false;
  if (!Number.isSafeInteger(index) || index < 0 || index >= leafCount) return false;
  let hash: Uint8Array;
  try {
    hash = leafHash(leaf);
  } catch {
    return false;
  }
  let at = index;
  let width = leafCount;
  let used = 0;
  while (width > 1) {
    const hasSibling = (at ^ 1) < width;
    if (hasSibling) {
      const sibling = fromHex(siblings[used] ?? '');
      used++;
      if (sibling?.length !== 32) return false;
      hash = at % 2 === 0 ? nodeHash(hash, sibling) : nodeHash(sibling, hash);
    }
    at >>= 1;
    width = Math.ceil(width / 2);
  }
  return used === siblings.length && sealRoot(hash, leafCount) === root.toLowerCase();
}
