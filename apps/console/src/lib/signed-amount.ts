/**
 * A signed dollar amount typed by an operator ("-12.50", "+3", "40") to integer cents, through the
 * domain's parseAmount so the console accepts exactly the digits the rest of the system does.
 */
import { type Cents, parseAmount } from '@tradehall/domain';

export function parseSignedAmount(input: string): Cents | null {
  const text = input.trim();
  const negative = text.startsWith('-');
  const unsigned = negative || text.startsWith('+') ? text.slice(1) : text;
  const cents = parseAmount(unsigned);
  if (cents === null) return null;
  return negative ? -cents : cents;
}
