/**
 * int8 (bigint) columns and counts, decoded once in the driver: node-postgres would hand them over as
 * strings and PGlite as numbers or bigints. Every amount of cents and every count fits a JavaScript number
 * exactly; a value that does not is refused loudly rather than rounded.
 */
export const INT8_OID = 20;

export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 outside the exact range: ${text}`);
  return value;
}
