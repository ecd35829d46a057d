/**
 * The bounds every payout is held to (docs/decisions/0042-payout-bounds-and-loud-settlement.md). A
 * winning position pays stake x multiplier / 100, so with the stake at most STAKE_CEILING_CENTS and the
 * multiplier at most MULTIPLIER_MAX_HUNDREDTHS the product is at most 10^15 and one payout at most
 * PAYOUT_MAX_CENTS (10^13): exact in a JavaScript number (2^53 - 1 is about 9 x 10^15), far inside
 * PostgreSQL's int8, and every int4 product settlement's SQL forms (a bet's winning triples x its
 * multiplier, at most 10^8) stays inside int4. The database refuses rooms and positions beyond them
 * (migration 0022), so no row settlement cannot settle can be written.
 */

/**
 * The largest multiplier the catalogue can give, in hundredths: a 1-in-1,000 bet (one digit triple) at
 * no house edge pays 1,000x. multiplierHundredths never exceeds it; the unit tests hold it to that.
 */
export const MULTIPLIER_MAX_HUNDREDTHS = 100_000;

/**
 * The largest stake any room may allow, in cents: $100,000,000, five hundred times the largest default
 * room maximum ($200,000 in the dia room), so an operator's setting never meets it in practice.
 */
export const STAKE_CEILING_CENTS = 10_000_000_000;

/** The largest payout one position can have. */
export const PAYOUT_MAX_CENTS = (STAKE_CEILING_CENTS * MULTIPLIER_MAX_HUNDREDTHS) / 100;
