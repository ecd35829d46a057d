/**
 * The bet catalogue (DESIGN §6). A round draws three uniform digits 0-9; bets are on their sum 0-27.
 * Probabilities are exact (counted over all 1,000 digit triples); the payout multiplier is
 * (1 - house edge) / probability rounded down to 0.01, kept as integer hundredths so no float ever
 * touches money. Frozen on a position when it is placed.
 */
export const BOTH_SIDES_BETS = [
  'long',
  'short',
  'single',
  'double',
  'single_long',
  'long_double',
  'single_short',
  'short_double',
  'close_long',
  'close_short',
] as const;
export type BothSidesBet = (typeof BOTH_SIDES_BETS)[number];
export const BET_CATEGORIES = ['both_sides', 'special_number'] as const;
export type BetCategory = (typeof BET_CATEGORIES)[number];
export const SPECIAL_NUMBER_MIN = 0;
export const SPECIAL_NUMBER_MAX = 27;

export type Bet =
  | { category: 'both_sides'; type: BothSidesBet }
  | { category: 'special_number'; number: number };

const WINS: Record<BothSidesBet, (sum: number) => boolean> = {
  long: (sum) => sum >= 14,
  short: (sum) => sum <= 13,
  single: (sum) => sum % 2 === 1,
  double: (sum) => sum % 2 === 0,
  single_long: (sum) => sum % 2 === 1 && sum >= 14,
  long_double: (sum) => sum % 2 === 0 && sum >= 14,
  single_short: (sum) => sum % 2 === 1 && sum <= 13,
  short_double: (sum) => sum % 2 === 0 && sum <= 13,
  close_long: (sum) => sum >= 22,
  close_short: (sum) => sum <= 5,
};

export function isValidBet(bet: Bet): boolean {
  if (bet.category === 'both_sides') return (BOTH_SIDES_BETS as readonly string[]).includes(bet.type);
  return Number.isInteger(bet.number) && bet.number >= SPECIAL_NUMBER_MIN && bet.number <= SPECIAL_NUMBER_MAX;
}

export function betWins(bet: Bet, sum: number): boolean {
  return bet.category === 'both_sides' ? WINS[bet.type](sum) : sum === bet.number;
}

/** How many ordered digit triples (out of 1,000) give each sum 0..27. */
export const SUM_COUNTS: readonly number[] = (() => {
  const counts = new Array<number>(28).fill(0);
  for (let a = 0; a < 10; a++)
    for (let b = 0; b < 10; b++)
      for (let c = 0; c < 10; c++) counts[a + b + c] = (counts[a + b + c] ?? 0) + 1;
  return counts;
})();

/** Winning triples out of 1,000 for a bet. */
export function winningTriples(bet: Bet): number {
  let total = 0;
  for (let sum = 0; sum <= 27; sum++) if (betWins(bet, sum)) total += SUM_COUNTS[sum] ?? 0;
  return total;
}

/**
 * Multiplier in hundredths: floor((1 - edge) / p * 100) with edge = edgeBps / 10,000 and
 * p = count / 1,000, i.e. floor((10,000 - edgeBps) * 10 / count) in integers.
 */
export function multiplierHundredths(bet: Bet, edgeBps: number): number {
  if (!Number.isInteger(edgeBps) || edgeBps < 0 || edgeBps >= 10_000)
    throw new RangeError(`bad edge ${edgeBps}`);
  const count = winningTriples(bet);
  if (count === 0) throw new RangeError('a bet that can never win');
  return Math.floor(((10_000 - edgeBps) * 10) / count);
}

/**
 * A winning position pays stake x multiplier, rounded down to the cent. Exact only while the product is
 * a safe integer, which the payout bounds guarantee (payout-bounds.ts); anything else is refused, never
 * rounded.
 */
export function payoutFor(stakeCents: number, multiplier: number): number {
  const product = stakeCents * multiplier;
  if (!Number.isSafeInteger(product) || product < 0) {
    throw new RangeError(`payout of ${stakeCents} x ${multiplier} is not exact in a number`);
  }
  return Math.floor(product / 100);
}

export function allBets(): Bet[] {
  return [
    ...BOTH_SIDES_BETS.map((type): Bet => ({ category: 'both_sides', type })),
    ...Array.from({ length: 28 }, (_, number): Bet => ({ category: 'special_number', number })),
  ];
}

/** The odds table a rules page shows: every bet with its exact probability and multiplier. */
export function oddsTable(edgeBps: number): Array<{ bet: Bet; winningTriples: number; multiplier: number }> {
  return allBets().map((bet) => ({
    bet,
    winningTriples: winningTriples(bet),
    multiplier: multiplierHundredths(bet, edgeBps),
  }));
}
