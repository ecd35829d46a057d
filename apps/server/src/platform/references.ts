/**
 * Short human references for deposits and withdrawals ("D7K3Q9ZPX2"): a letter for the kind and nine
 * Crockford base-32 characters (no I, L, O, U: nothing to misread when quoted to customer service).
 * 45 random bits; the unique index is the final word, and a collision fails that one request, which
 * the client retries with the same idempotency key.
 */
import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newReference(prefix: 'D' | 'W'): string {
  let text = prefix;
  for (let i = 0; i < 9; i += 1) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}
