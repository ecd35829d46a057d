/**
 * What a settled round's ledger must have moved, from its committed positions and its result alone:
 * every committed stake, and for each winning position stake x frozen multiplier rounded down to the cent
 * (the domain's payoutFor). The verifier compares this with the ledger's totals for the round.
 */
import { betWins, payoutFor } from '../rounds/bets.ts';
import type { PositionLeaf } from './position-leaf.ts';

export interface RoundMoneyTotals {
  positions: number;
  /** Stakes moved into the round, minor units. */
  staked: number;
  /** Paid back to the winners (stake included), minor units. */
  paid: number;
}

export function expectedSettlement(leaves: readonly PositionLeaf[], sum: number): RoundMoneyTotals {
  let staked = 0;
  let paid = 0;
  for (const leaf of leaves) {
    staked += leaf.amount;
    if (betWins(leaf.bet, sum)) paid += payoutFor(leaf.amount, leaf.multiplier);
  }
  return { positions: leaves.length, staked, paid };
}

export function sameTotals(a: RoundMoneyTotals, b: RoundMoneyTotals): boolean {
  return a.positions === b.positions && a.staked === b.staked && a.paid === b.paid;
}
