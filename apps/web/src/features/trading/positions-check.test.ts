/**
 * The four parts of the positions check on the edges the page tests do not reach: a void round, a leaf
 * that cannot even be encoded, a set answered for another round, a proof for another position.
 */
import type { CommittedRound, PositionProof } from '@tradehall/contracts';
import { buildPositionTree, ownerCommitment, type PositionLeaf } from '@tradehall/domain';
import { describe, expect, it } from 'vitest';
import { position, positionId, roundId } from '../../test/trading-fixtures.ts';
import { checkRoundPositions } from './positions-check.ts';

const ROUND = roundId(1);
const USER = '0190f0a0-2222-7333-8444-000000000001';
const leaf = (n: number): PositionLeaf => ({
  roundId: ROUND,
  positionId: positionId(n),
  ownerCommitment: ownerCommitment(USER, String(n).repeat(64).slice(0, 64)),
  bet: { category: 'both_sides', type: 'long' },
  amount: 1_000 * n,
  multiplier: 196,
});
const LEAVES = [leaf(1), leaf(2)];
const TREE = buildPositionTree(LEAVES);
const published = ({ roundId: _round, ...rest }: PositionLeaf) => rest;

const committed = (overrides: Partial<CommittedRound> = {}): CommittedRound => ({
  roundId: ROUND,
  issue: '202611210001',
  status: 'void',
  sealsAt: 1_763_700_050,
  version: 1,
  root: TREE.root,
  leafCount: 2,
  leaves: LEAVES.map(published),
  sum: null,
  ledger: null,
  ...overrides,
});
const voidRound = {
  id: ROUND,
  status: 'void' as const,
  sum: null,
  positions: { root: TREE.root, leafCount: 2, version: 1 },
};

function proofOf(n: number): PositionProof {
  const proof = TREE.proof(positionId(n));
  if (!proof) throw new Error('no proof');
  const salt = String(n).repeat(64).slice(0, 64);
  return {
    roundId: ROUND,
    root: TREE.root,
    version: 1,
    leaf: published(leaf(n)),
    userId: USER,
    ownerSalt: salt,
    ...proof,
  };
}

describe('checkRoundPositions', () => {
  it('leaves the ledger unchecked on a void round, and still checks the rest', () => {
    const result = checkRoundPositions({
      round: voidRound,
      committed: committed(),
      deviceRoot: TREE.root,
      mine: [],
    });
    expect(result).toMatchObject({
      ok: true,
      recomputedRoot: TREE.root,
      set: { state: 'pass', count: 2 },
      mine: { state: 'none', reason: 'noPositions' },
      ledger: { state: 'none', reason: 'void' },
      device: { state: 'pass' },
    });
  });

  it('fails the set and this device’s root when a leaf cannot be encoded', () => {
    const leaves = [{ ...published(leaf(1)), amount: -5 }, published(leaf(2))];
    const result = checkRoundPositions({
      round: voidRound,
      committed: committed({ leaves }),
      deviceRoot: TREE.root,
      mine: null,
    });
    expect(result.recomputedRoot).toBeNull();
    expect(result.set.state).toBe('fail');
    expect(result.device.state).toBe('fail');
    expect(result.ok).toBe(false);
  });

  it('fails the set when the answer names another round or another root than the round published', () => {
    for (const answer of [committed({ roundId: roundId(2) }), committed({ root: '00'.repeat(32) })]) {
      const result = checkRoundPositions({
        round: voidRound,
        committed: answer,
        deviceRoot: null,
        mine: null,
      });
      expect(result.set.state).toBe('fail');
    }
  });

  it('fails the viewer’s line for a proof of another position, or none at all', () => {
    const mine = position(1, { roundId: ROUND, amount: 1_000 });
    for (const proof of [proofOf(2), null]) {
      const result = checkRoundPositions({
        round: voidRound,
        committed: committed(),
        deviceRoot: null,
        mine: [{ position: mine, proof }],
      });
      expect(result.mine).toEqual({ state: 'fail', count: 1, failed: 1, reason: null });
    }
    const honest = checkRoundPositions({
      round: voidRound,
      committed: committed(),
      deviceRoot: null,
      mine: [{ position: mine, proof: proofOf(1) }],
    });
    expect(honest.mine.state).toBe('pass');
  });
});
