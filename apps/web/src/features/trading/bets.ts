/**
 * Bets as the pages name them: a stable key (`both-long`, `special-7`, also the testid suffix), the
 * translated label, and the odds of every bet from the domain's oddsTable for a room's house edge.
 */
import type { BetInput } from '@tradehall/contracts';
import { type Bet, oddsTable } from '@tradehall/domain';
import type { TFunction } from 'i18next';

export type BetKey = `both-${string}` | `special-${number}`;

export function betKey(bet: Bet | BetInput): BetKey {
  return bet.category === 'both_sides' ? `both-${bet.type}` : `special-${bet.number}`;
}

export function betLabel(bet: Bet | BetInput, t: TFunction): string {
  return bet.category === 'both_sides'
    ? t(`trading.bets.${bet.type}`)
    : t('trading.bets.special', { number: bet.number });
}

export interface BetOdds {
  bet: Bet;
  key: BetKey;
  /** Winning digit triples out of 1,000: the exact probability. */
  winningTriples: number;
  /** In hundredths: 196 = x1.96. */
  multiplier: number;
}

/** Every bet of the catalogue with its odds at `edgeBps`, both sides first, then special numbers 0-27. */
export function betOdds(edgeBps: number): BetOdds[] {
  return oddsTable(edgeBps).map((row) => ({ ...row, key: betKey(row.bet) }));
}
