import { describe, expect, it } from 'vitest';
import { betWins, payoutFor } from '../rounds/bets.ts';
import { ownerCommitment } from './position-leaf.ts';
import { buildPositionTree } from './position-merkle.ts';
import { expectedSettlement } from './position-settlement.ts';
import { leafOf, ROUND_ID, saltOf, userOf } from './position-test-leaves.ts';
import { type CommittedPositions, type OwnPositionProof, verifyPositions } from './position-verify.ts';

const SUM = 15;

function settledRound(count: number) {
  const leaves = Array.from({ length: count }, (_, n) => leafOf(n + 1));
  const tree = buildPositionTree(leaves);
  const round: CommittedPositions = {
    roundId: ROUND_ID,
    root: tree.root,
    leafCount: count,
    leaves: tree.leaves,
    sum: SUM,
    ledger: expectedSettlement(leaves, SUM),
  };
  const mineLeaf = leafOf(3);
  const proof = tree.proof(mineLeaf.positionId);
  if (!proof) throw new Error('no proof');
  const mine: OwnPositionProof = { leaf: mineLeaf, userId: userOf(3 % 7), ownerSalt: saltOf(3), proof };
  return { round, mine, tree };
}

describe('expected settlement', () => {
  it('sums every stake and each winner’s stake x multiplier rounded down', () => {
    const leaves = [
      leafOf(1, { bet: { category: 'both_sides', type: 'long' }, amount: 1_001, multiplier: 196 }),
      leafOf(2, { bet: { category: 'both_sides', type: 'short' }, amount: 500, multiplier: 196 }),
      leafOf(3, { bet: { category: 'special_number', number: 15 }, amount: 333, multiplier: 1388 }),
    ];
    expect(betWins(leaves[0]?.bet ?? { category: 'both_sides', type: 'long' }, SUM)).toBe(true);
    expect(expectedSettlement(leaves, SUM)).toEqual({
      positions: 3,
      staked: 1_834,
      paid: payoutFor(1_001, 196) + payoutFor(333, 1388),
    });
    expect(expectedSettlement([], SUM)).toEqual({ positions: 0, staked: 0, paid: 0 });
  });
});

describe('verifyPositions', () => {
  it('verifies an untouched settled round, with the device’s root', () => {
    const { round, mine } = settledRound(9);
    const result = verifyPositions(round, { mine: [mine], deviceRoot: round.root });
    expect(result).toMatchObject({
      ok: true,
      setOk: true,
      inclusionOk: true,
      settlementOk: true,
      deviceRootOk: true,
    });
    expect(verifyPositions(round).deviceRootOk).toBeNull();
  });

  it('fails when a position was added, removed or altered after the seal', () => {
    const { round } = settledRound(9);
    const added = [...round.leaves, leafOf(50)];
    expect(verifyPositions({ ...round, leaves: added, leafCount: 10 }).setOk).toBe(false);
    expect(verifyPositions({ ...round, leaves: round.leaves.slice(1) }).setOk).toBe(false);
    const altered = round.leaves.map((leaf, i) => (i === 0 ? { ...leaf, amount: leaf.amount * 2 } : leaf));
    expect(verifyPositions({ ...round, leaves: altered }).ok).toBe(false);
  });

  it('fails when the ledger moved other totals than the committed set implies', () => {
    const { round } = settledRound(9);
    const ledger = round.ledger ?? { positions: 0, staked: 0, paid: 0 };
    expect(verifyPositions({ ...round, ledger: { ...ledger, paid: ledger.paid + 1 } }).settlementOk).toBe(
      false,
    );
    expect(verifyPositions({ ...round, ledger: { ...ledger, staked: ledger.staked - 1 } }).ok).toBe(false);
    expect(verifyPositions({ ...round, ledger: null }).ok).toBe(false);
    expect(verifyPositions({ ...round, sum: null }).ok).toBe(false);
  });

  it('fails when the viewer’s position is not theirs, not in the set, or the device saw another root', () => {
    const { round, mine } = settledRound(9);
    expect(verifyPositions(round, { mine: [{ ...mine, ownerSalt: saltOf(4) }] }).inclusionOk).toBe(false);
    expect(verifyPositions(round, { mine: [{ ...mine, userId: userOf(6) }] }).ok).toBe(false);
    expect(verifyPositions(round, { mine: [{ ...mine, leaf: { ...mine.leaf, amount: 1 } }] }).ok).toBe(false);
    expect(verifyPositions(round, { mine: [{ ...mine, ownerSalt: 'nothex' }] }).ok).toBe(false);
    expect(
      verifyPositions(round, { mine: [{ ...mine, leaf: { ...mine.leaf, roundId: userOf(1) } }] }).inclusionOk,
    ).toBe(false);
    const other = ownerCommitment(userOf(1), saltOf(1));
    expect(verifyPositions(round, { deviceRoot: other })).toMatchObject({ ok: false, deviceRootOk: false });
  });

  it('a rewritten stored root is caught by the device’s copy', () => {
    const { round } = settledRound(5);
    const deviceRoot = round.root;
    const leaves = round.leaves.slice(1);
    const rewritten = buildPositionTree(leaves).root;
    const result = verifyPositions({ ...round, leaves, leafCount: 4, root: rewritten }, { deviceRoot });
    expect(result.setOk).toBe(true);
    expect(result.deviceRootOk).toBe(false);
    expect(result.ok).toBe(false);
  });

  it('refuses a malformed published leaf without throwing', () => {
    const { round } = settledRound(3);
    const broken = round.leaves.map((leaf, i) => (i === 0 ? { ...leaf, amount: -5 } : leaf));
    expect(verifyPositions({ ...round, leaves: broken }).setOk).toBe(false);
  });
});
