/**
 * A user's claim on the operator, the one figure a proof of liabilities commits to (docs/trust/claim.md):
 * the cash balance, plus what is held for the user's pending withdrawals (already taken from the balance,
 * still owed), plus the stakes of positions in rounds not yet settled (already taken, still owed as a
 * refund or a payout). Read at one instant; every part and the sum are whole non-negative cents.
 */
import { isValidSum } from './merkle-sum.ts';

export interface ClaimParts {
  /** The user's cash account balance. */
  cash: number;
  /** Amounts of the user's withdrawals still pending (held, not yet paid out or refunded). */
  heldForWithdrawals: number;
  /** Stakes of the user's positions still open (their round not settled or voided yet). */
  openStakes: number;
}

export type ClaimResult = { ok: true; claim: number } | { ok: false; reason: 'NEGATIVE_OR_UNSAFE_PART' };

export function userClaim(parts: ClaimParts): ClaimResult {
  const values = [parts.cash, parts.heldForWithdrawals, parts.openStakes];
  if (!values.every(isValidSum)) return { ok: false, reason: 'NEGATIVE_OR_UNSAFE_PART' };
  const claim = parts.cash + parts.heldForWithdrawals + parts.openStakes;
  if (!isValidSum(claim)) return { ok: false, reason: 'NEGATIVE_OR_UNSAFE_PART' };
  return { ok: true, claim };
}
