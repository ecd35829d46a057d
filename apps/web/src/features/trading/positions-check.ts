/**
 * The verification page's positions check of one sealed round, in four parts, each computed here with
 * the domain's code on what the server published (docs/trust/positions.md):
 *
 * - set: the committed leaves rebuild the root published on the round at its seal (count included);
 * - mine: each of the viewer's positions in the round is a leaf, as the records show it, under that
 *   root, and its owner commitment opens with their id and salt;
 * - ledger: the stakes and payouts the ledger moved for the round equal what the leaves and the result
 *   imply (only once settled);
 * - device: the root this device kept when it saw the seal equals the root the leaves rebuild.
 *
 * A part that cannot be checked (signed out, no positions, not settled yet, no root kept) is `none`
 * with the reason, never a pass: the page says plainly what it did not check.
 */
import type { CommittedRound, PositionProof, PositionView, RoundView } from '@tradehall/contracts';
import {
  betCode,
  type CommittedPositions,
  type PositionLeaf,
  positionsRoot,
  type RoundMoneyTotals,
  verifyOwnPosition,
  verifyPositions,
} from '@tradehall/domain';

export type CheckState = 'pass' | 'fail' | 'none';

/** One of the viewer's positions with its proof (null: the proof could not be had). */
export interface MinePosition {
  position: PositionView;
  proof: PositionProof | null;
}

export interface PositionsCheckInput {
  round: Pick<RoundView, 'id' | 'status' | 'sum' | 'positions'>;
  committed: CommittedRound;
  /** The root this device kept at the seal, or null. */
  deviceRoot: string | null;
  /** The viewer's positions in the round with their proofs; null when signed out. */
  mine: readonly MinePosition[] | null;
}

export interface PositionsCheckResult {
  ok: boolean;
  /** The root the published leaves rebuild here; null when they cannot (a malformed leaf, a duplicate). */
  recomputedRoot: string | null;
  set: { state: 'pass' | 'fail'; count: number };
  mine: { state: CheckState; count: number; failed: number; reason: 'signedOut' | 'noPositions' | null };
  ledger: {
    state: CheckState;
    moved: RoundMoneyTotals | null;
    expected: RoundMoneyTotals | null;
    reason: 'notSettled' | 'void' | null;
  };
  device: { state: CheckState; kept: string | null };
}

/** The proof is for this very position, with the stake, bet and odds the records show. */
function proofMatchesRecord(position: PositionView, proof: PositionProof): boolean {
  return (
    proof.leaf.positionId === position.id &&
    proof.roundId === position.roundId &&
    proof.leaf.amount === position.amount &&
    proof.leaf.multiplier === position.multiplier &&
    betCode(proof.leaf.bet) === betCode(position.bet)
  );
}

function ownPositionOk({ position, proof }: MinePosition, roundId: string, root: string): boolean {
  if (proof === null || !proofMatchesRecord(position, proof)) return false;
  const { leaf, userId, ownerSalt, index, leafCount, siblings } = proof;
  return verifyOwnPosition(
    { leaf: { ...leaf, roundId: proof.roundId }, userId, ownerSalt, proof: { index, leafCount, siblings } },
    roundId,
    root,
  );
}

function rebuild(leaves: readonly PositionLeaf[]): string | null {
  try {
    return positionsRoot(leaves);
  } catch {
    return null;
  }
}

export function checkRoundPositions(input: PositionsCheckInput): PositionsCheckResult {
  const { round, committed, deviceRoot, mine } = input;
  // The root the round published at its seal is the reference; the proof endpoint's copy must agree.
  const published = round.positions ?? { root: committed.root, leafCount: committed.leafCount };
  const leaves: PositionLeaf[] = committed.leaves.map((leaf) => ({ ...leaf, roundId: round.id }));
  const positions: CommittedPositions = {
    roundId: round.id,
    root: published.root,
    leafCount: published.leafCount,
    leaves,
    sum: round.sum,
    ledger: committed.ledger,
  };
  const verified = verifyPositions(positions);
  const recomputedRoot = rebuild(leaves);

  const setOk =
    verified.setOk &&
    committed.roundId === round.id &&
    committed.root.toLowerCase() === published.root.toLowerCase() &&
    committed.leafCount === published.leafCount;

  const failed =
    mine === null ? 0 : mine.filter((entry) => !ownPositionOk(entry, round.id, published.root)).length;
  const mineCheck: PositionsCheckResult['mine'] =
    mine === null
      ? { state: 'none', count: 0, failed: 0, reason: 'signedOut' }
      : mine.length === 0
        ? { state: 'none', count: 0, failed: 0, reason: 'noPositions' }
        : { state: failed === 0 ? 'pass' : 'fail', count: mine.length, failed, reason: null };

  const ledger: PositionsCheckResult['ledger'] =
    round.status === 'settled'
      ? {
          state: verified.settlementOk ? 'pass' : 'fail',
          moved: committed.ledger,
          expected: verified.expected,
          reason: null,
        }
      : {
          state: 'none',
          moved: null,
          expected: null,
          reason: round.status === 'void' ? 'void' : 'notSettled',
        };

  const device: PositionsCheckResult['device'] =
    deviceRoot === null
      ? { state: 'none', kept: null }
      : {
          state: recomputedRoot !== null && deviceRoot.toLowerCase() === recomputedRoot ? 'pass' : 'fail',
          kept: deviceRoot,
        };

  const parts = [setOk ? 'pass' : 'fail', mineCheck.state, ledger.state, device.state];
  return {
    ok: !parts.includes('fail'),
    recomputedRoot,
    set: { state: setOk ? 'pass' : 'fail', count: committed.leaves.length },
    mine: mineCheck,
    ledger,
    device,
  };
}
