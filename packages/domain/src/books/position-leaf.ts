/**
 * The committed form of a position (docs/trust/positions.md, decision 0028). A leaf says which round,
 * which position, a salted commitment to its owner (the user id never appears: only the owner, who is
 * given the salt, can open it), the bet, the stake in minor units and the multiplier frozen at placement.
 * It is serialised as one line of UTF-8 text whose every field has a strict shape (no field can contain
 * the separator), so the encoding is unambiguous and can be rebuilt with any language's SHA-256.
 */
import { type Bet, isValidBet } from '../rounds/bets.ts';
import { sha256, toHex, utf8 } from '../sha256.ts';

/** The leaf format's version; a new format gets a new tag, never a change under this one. */
export const POSITION_LEAF_VERSION = 1;
export const POSITION_LEAF_TAG = 'tradehall/position/v1';
export const POSITION_OWNER_TAG = 'tradehall/position-owner/v1';

export interface PositionLeaf {
  roundId: string;
  positionId: string;
  /** Hex SHA-256 of the owner tag, the owner's user id and the position's salt (ownerCommitment). */
  ownerCommitment: string;
  bet: Bet;
  /** The stake, integer minor units. */
  amount: number;
  /** Frozen at placement, integer hundredths. */
  multiplier: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX32 = /^[0-9a-f]{64}$/;
/** An owner salt: 16 to 64 bytes of lowercase hex. */
const SALT = /^(?:[0-9a-f]{2}){16,64}$/;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The owner's commitment: only someone who knows the salt can tell whose position it is. */
export function ownerCommitment(userId: string, ownerSalt: string): string {
  if (!UUID.test(userId)) throw new RangeError('the owner must be a lowercase uuid');
  if (!SALT.test(ownerSalt)) throw new RangeError('the owner salt must be 16-64 bytes of lowercase hex');
  return toHex(sha256(utf8(`${POSITION_OWNER_TAG}|${userId}|${ownerSalt}`)));
}

/** `both_sides:long` or `special_number:7`. */
export function betCode(bet: Bet): string {
  return bet.category === 'both_sides' ? `both_sides:${bet.type}` : `special_number:${bet.number}`;
}

/** Why a leaf is refused, or null when every field has its strict shape. */
export function leafProblem(leaf: PositionLeaf): string | null {
  if (!UUID.test(leaf.roundId)) return 'roundId';
  if (!UUID.test(leaf.positionId)) return 'positionId';
  if (!HEX32.test(leaf.ownerCommitment)) return 'ownerCommitment';
  if (!isValidBet(leaf.bet)) return 'bet';
  if (!Number.isSafeInteger(leaf.amount) || leaf.amount <= 0) return 'amount';
  if (!Number.isSafeInteger(leaf.multiplier) || leaf.multiplier <= 0) return 'multiplier';
  return null;
}

/** The canonical text of a leaf (throws on a malformed one: it could not be encoded unambiguously). */
export function leafText(leaf: PositionLeaf): string {
  const problem = leafProblem(leaf);
  if (problem) throw new RangeError(`malformed position leaf: ${problem}`);
  return [
    POSITION_LEAF_TAG,
    leaf.roundId,
    leaf.positionId,
    leaf.ownerCommitment,
    betCode(leaf.bet),
    String(leaf.amount),
    String(leaf.multiplier),
  ].join('|');
}

/** Canonical order: ascending position id (lowercase uuids compare like their bytes). */
export function compareLeaves(a: PositionLeaf, b: PositionLeaf): number {
  return a.positionId < b.positionId ? -1 : a.positionId > b.positionId ? 1 : 0;
}
