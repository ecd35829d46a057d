import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../sha256.ts';
import { ownerCommitment } from './position-leaf.ts';
import {
  buildPositionTree,
  canonicalLeaves,
  leafHash,
  positionsRoot,
  positionTreeOfHashes,
  rootOfHashes,
  verifyInclusion,
} from './position-merkle.ts';
import { leafOf, leavesArbitrary, saltOf, userOf } from './position-test-leaves.ts';

describe('positions root', () => {
  it('does not depend on the order the leaves come in', () => {
    fc.assert(
      fc.property(leavesArbitrary, fc.infiniteStream(fc.nat()), (leaves, randoms) => {
        const shuffled = [...leaves].sort(() => (randoms.next().value % 3) - 1);
        expect(positionsRoot(shuffled)).toBe(positionsRoot(leaves));
      }),
    );
  });

  it('commits to the count: the empty round has a root of its own', () => {
    expect(positionsRoot([])).toMatch(/^[0-9a-f]{64}$/);
    expect(positionsRoot([])).not.toBe(positionsRoot([leafOf(1)]));
  });

  it('refuses a set with a position twice or leaves of two rounds', () => {
    expect(() => canonicalLeaves([leafOf(1), leafOf(1)])).toThrow(RangeError);
    expect(() =>
      canonicalLeaves([leafOf(1), leafOf(2, { roundId: '0190f0a0-0000-7000-8000-000000000002' })]),
    ).toThrow(RangeError);
  });

  it('a three-leaf tree carries its odd node up instead of duplicating it', () => {
    const three = [leafOf(1), leafOf(2), leafOf(3)];
    const withCopy = [...three, leafOf(3, { positionId: '0190f0a0-1111-7222-8333-ffffffffffff' })];
    expect(positionsRoot(three)).not.toBe(positionsRoot(withCopy));
  });
});

describe('inclusion proofs', () => {
  it('every leaf of every round verifies, for every size from 1 to 33', () => {
    for (let size = 1; size <= 33; size++) {
      const leaves = Array.from({ length: size }, (_, n) => leafOf(n * 13 + 5));
      const tree = buildPositionTree(leaves);
      expect(tree.root).toBe(positionsRoot(leaves));
      for (const leaf of leaves) {
        const proof = tree.proof(leaf.positionId);
        expect(proof).not.toBeNull();
        if (proof) expect(verifyInclusion(leaf, proof, tree.root)).toBe(true);
      }
    }
  });

  it('has no proof for a position outside the set', () => {
    expect(buildPositionTree([leafOf(1)]).proof(leafOf(2).positionId)).toBeNull();
  });

  it('fails for any altered field, index, count or sibling', () => {
    fc.assert(
      fc.property(leavesArbitrary, fc.nat(), (leaves, pick) => {
        const tree = buildPositionTree(leaves);
        const leaf = tree.leaves[pick % tree.leaves.length] ?? leafOf(0);
        const proof = tree.proof(leaf.positionId);
        if (!proof) throw new Error('no proof');
        expect(verifyInclusion(leaf, proof, tree.root)).toBe(true);
        expect(verifyInclusion({ ...leaf, amount: leaf.amount + 1 }, proof, tree.root)).toBe(false);
        expect(verifyInclusion({ ...leaf, multiplier: leaf.multiplier + 1 }, proof, tree.root)).toBe(false);
        const otherBet = leaf.bet.category === 'both_sides' ? 7 : (leaf.bet.number + 1) % 28;
        expect(
          verifyInclusion(
            { ...leaf, bet: { category: 'special_number', number: otherBet } },
            proof,
            tree.root,
          ),
        ).toBe(false);
        const stranger = ownerCommitment(userOf(99), saltOf(99));
        expect(verifyInclusion({ ...leaf, ownerCommitment: stranger }, proof, tree.root)).toBe(false);
        expect(verifyInclusion(leaf, { ...proof, leafCount: proof.leafCount + 1 }, tree.root)).toBe(false);
        if (proof.leafCount > 1) {
          expect(
            verifyInclusion(leaf, { ...proof, index: (proof.index + 1) % proof.leafCount }, tree.root),
          ).toBe(false);
          const [first = '', ...rest] = proof.siblings;
          const flipped = (first[0] === '0' ? '1' : '0') + first.slice(1);
          expect(verifyInclusion(leaf, { ...proof, siblings: [flipped, ...rest] }, tree.root)).toBe(false);
          expect(verifyInclusion(leaf, { ...proof, siblings: rest }, tree.root)).toBe(false);
        }
        expect(
          verifyInclusion(leaf, { ...proof, siblings: [...proof.siblings, '00'.repeat(32)] }, tree.root),
        ).toBe(false);
      }),
    );
  });

  it('any inserted, removed or altered leaf changes the root', () => {
    fc.assert(
      fc.property(leavesArbitrary, fc.nat(), fc.nat(2_000_000), (leaves, pick, extra) => {
        const root = positionsRoot(leaves);
        const at = pick % leaves.length;
        const target = leaves[at] ?? leafOf(0);
        const removed = leaves.filter((_, index) => index !== at);
        expect(positionsRoot(removed)).not.toBe(root);
        const added = leafOf(1_000_001 + extra);
        expect(positionsRoot([...leaves, added])).not.toBe(root);
        const altered = leaves.map((leaf, index) =>
          index === at ? { ...leaf, amount: leaf.amount + 1 } : leaf,
        );
        expect(positionsRoot(altered)).not.toBe(root);
        const moved = leaves.map((leaf, index) =>
          index === at ? { ...leaf, ownerCommitment: ownerCommitment(userOf(42), saltOf(extra)) } : leaf,
        );
        expect(target.ownerCommitment === moved[at]?.ownerCommitment || positionsRoot(moved) !== root).toBe(
          true,
        );
      }),
    );
  });

  it('refuses a malformed proof without throwing', () => {
    const tree = buildPositionTree([leafOf(1), leafOf(2)]);
    const proof = tree.proof(leafOf(1).positionId);
    if (!proof) throw new Error('no proof');
    expect(verifyInclusion(leafOf(1), { ...proof, leafCount: 0 }, tree.root)).toBe(false);
    expect(verifyInclusion(leafOf(1), { ...proof, index: -1 }, tree.root)).toBe(false);
    expect(verifyInclusion(leafOf(1), { ...proof, siblings: ['zz'] }, tree.root)).toBe(false);
    expect(verifyInclusion({ ...leafOf(1), amount: 0 }, proof, tree.root)).toBe(false);
  });
});

describe('another SHA-256 implementation', () => {
  // The server passes node:crypto's to the builders (decision 0037); the tree must not depend on it.
  const nodeSha256 = (message: Uint8Array): Uint8Array => createHash('sha256').update(message).digest();

  it('gives the same leaf hashes, root and proofs as @noble/hashes', () => {
    fc.assert(
      fc.property(leavesArbitrary, (leaves) => {
        const reference = buildPositionTree(leaves);
        const native = buildPositionTree(leaves, nodeSha256);
        expect(native.root).toBe(reference.root);
        expect(positionsRoot(leaves, nodeSha256)).toBe(reference.root);
        for (const leaf of leaves) {
          expect(toHex(leafHash(leaf, nodeSha256))).toBe(toHex(leafHash(leaf)));
          expect(native.proof(leaf.positionId)).toEqual(reference.proof(leaf.positionId));
        }
      }),
    );
  });

  it('roots packed leaf hashes of every size from 0 to 70 the same way', () => {
    for (let size = 0; size <= 70; size++) {
      const leaves = Array.from({ length: size }, (_, n) => leafOf(n * 7 + 3));
      const packed = new Uint8Array(size * 32);
      canonicalLeaves(leaves).forEach((leaf, index) => {
        packed.set(leafHash(leaf), index * 32);
      });
      const views = Array.from({ length: size }, (_, index) => packed.subarray(index * 32, index * 32 + 32));
      expect(rootOfHashes(views, nodeSha256)).toBe(positionsRoot(leaves));
    }
  });

  it('a tree over leaf hashes made elsewhere is the same tree, and wants the leaves in canonical order', () => {
    fc.assert(
      fc.property(leavesArbitrary, (leaves) => {
        const ordered = canonicalLeaves(leaves);
        const hashes = ordered.map((leaf) => leafHash(leaf, nodeSha256));
        const reference = buildPositionTree(leaves);
        const given = positionTreeOfHashes(ordered, hashes, nodeSha256);
        expect(given.root).toBe(reference.root);
        for (const leaf of leaves)
          expect(given.proof(leaf.positionId)).toEqual(reference.proof(leaf.positionId));
        if (ordered.length > 1) {
          expect(() => positionTreeOfHashes([...ordered].reverse(), hashes)).toThrow(RangeError);
        }
        expect(() => positionTreeOfHashes(ordered, hashes.slice(1))).toThrow(RangeError);
      }),
    );
  });
});
