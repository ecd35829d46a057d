/**
 * Reading money back from the database. int8 arrives as a string (node-postgres), a number or a bigint
 * (PGlite), and sums as numeric strings; every amount becomes an exact integer number of cents here or
 * the read fails loudly — never a float, never a silently rounded value.
 */
export function toCents(value: unknown): number {
  let cents: number;
  if (typeof value === 'number') cents = value;
  else if (typeof value === 'bigint') cents = Number(value);
  else if (typeof value === 'string' && /^-?\d+$/.test(value)) cents = Number(value);
  else if (value === null || value === undefined) cents = 0;
  else throw new TypeError(`not an amount of cents: ${String(value)}`);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount outside the exact range: ${String(value)}`);
  return cents;
}
