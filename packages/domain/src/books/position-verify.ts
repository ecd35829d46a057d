/**
 * The positions check anyone can run on a settled round (browser, `npm run verify`, tests): the published
 * leaves rebuild the root committed at the seal; the viewer's own position is one of them and is theirs
 * (its owner commitment opens with their id and salt); the ledger moved exactly the stakes and payouts the
 * committed set and the result imply; and the root the device saw at the seal is the same one.
 */
import { ownerCommitment, type PositionLeaf } from './position-leaf.ts';
import { type PositionInclusionProof, positionsRoot, verifyInclusion } from './position-merkle.ts';
import { expectedSettlement, type RoundMoneyTotals, sameTotals } from './position-settlement.ts';

export interface CommittedPositions {
  roundId: string;
  /** The root stored at the seal, and how many leaves it commits to. */
  root: string;
  leafCount: number;
  /** Every committed leaf, as the server has them now. */
  leaves: readonly PositionLeaf[];
  /** The round's sum once drawn. */
  sum: number | null;
  /** What the ledger moved for the round's positions, once settled. */
  ledger: RoundMoneyTotals | null;
}

export interface OwnPositionProof {
  leaf: PositionLeaf;
  userId: string;
  ownerSalt: string;
  proof: PositionInclusionProof;
}

export interface PositionsVerification {
  ok: boolean;
  /** The leaves rebuild the committed root, count included. */
  setOk: boolean;
  /** The viewer's position is in the committed set and its owner commitment is theirs (null: none given). */
  inclusionOk: boolean | null;
  /** The ledger's totals equal the committed set's under the result (false before settlement). */
  settlementOk: boolean;
  expected: RoundMoneyTotals | null;
  /** The root kept on the device at the seal equals the committed one (null: none kept). */
  deviceRootOk: boolean | null;
}

export function verifyOwnPosition(mine: OwnPositionProof, roundId: string, root: string): boolean {
  if (mine.leaf.roundId !== roundId) return false;
  try {
    if (ownerCommitment(mine.userId, mine.ownerSalt) !== mine.leaf.ownerCommitment) return false;
  } catch {
    return false;
  }
  return verifyInclusion(mine.leaf, mine.proof, root);
}

export function verifyPositions(
  round: CommittedPositions,
  options: { mine?: readonly OwnPositionProof[]; deviceRoot?: string | null } = {},
): PositionsVerification {
  let setOk = false;
  try {
    setOk =
      round.leaves.length === round.leafCount &&
      round.leaves.every((leaf) => leaf.roundId === round.roundId) &&
      positionsRoot(round.leaves) === round.root.toLowerCase();
  } catch {
    setOk = false;
  }
  const mine = options.mine ?? [];
  const inclusionOk =
    mine.length === 0 ? null : mine.every((own) => verifyOwnPosition(own, round.roundId, round.root));
  const expected = round.sum === null ? null : expectedSettlement(round.leaves, round.sum);
  const settlementOk = expected !== null && round.ledger !== null && sameTotals(expected, round.ledger);
  const deviceRoot = options.deviceRoot ?? null;
  const deviceRootOk = deviceRoot === null ? null : deviceRoot.toLowerCase() === round.root.toLowerCase();
  return {
    ok: setOk && inclusionOk !== false && settlementOk && deviceRootOk !== false,
    setOk,
    inclusionOk,
    settlementOk,
    expected,
    deviceRootOk,
  };
}
