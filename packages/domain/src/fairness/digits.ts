/**
 * The draw: three digits 0-9 from HMAC-SHA-256(key = the round's revealed hash, message =
 * `${salt}:${issue}`), reading its bytes in order and keeping only bytes below 250 (byte % 10), so every
 * digit is exactly uniform. Should 32 bytes not yield three digits (probability below 10^-40), further
 * blocks use the message `${salt}:${issue}:1`, `:2`, ... — part of the published scheme.
 *
 * Scheme v2 appends the beacon: message = `${salt}:${issue}:${beaconRound}:${beaconRandomness}` (the
 * randomness as 64 lowercase hex characters), further blocks `...:1`, `:2`, the same rejection sampling.
 */
import { fromHex, hmacSha256, utf8 } from '../sha256.ts';

export const DIGIT_COUNT = 3;

export function drawDigits(roundHashHex: string, salt: string, issue: string): [number, number, number] {
  return sample(roundHashHex, `${salt}:${issue}`);
}

/** Scheme v2: the chain hash mixed with a beacon value that did not exist before the round sealed. */
export function drawDigitsV2(
  roundHashHex: string,
  salt: string,
  issue: string,
  beacon: { round: number; randomness: string },
): [number, number, number] {
  if (!Number.isSafeInteger(beacon.round) || beacon.round < 1) throw new RangeError('bad beacon round');
  if (!/^[0-9a-f]{64}$/.test(beacon.randomness)) {
    throw new RangeError('the beacon randomness must be 32 bytes of lowercase hex');
  }
  return sample(roundHashHex, `${salt}:${issue}:${beacon.round}:${beacon.randomness}`);
}

function sample(roundHashHex: string, base: string): [number, number, number] {
  const key = fromHex(roundHashHex);
  if (key?.length !== 32) throw new RangeError('the round hash must be 32 bytes of hex');
  const digits: number[] = [];
  for (let block = 0; digits.length < DIGIT_COUNT; block++) {
    const message = block === 0 ? base : `${base}:${block}`;
    for (const byte of hmacSha256(key, utf8(message))) {
      if (byte < 250) digits.push(byte % 10);
      if (digits.length === DIGIT_COUNT) break;
    }
  }
  return [digits[0] ?? 0, digits[1] ?? 0, digits[2] ?? 0];
}

export function digitSum(digits: readonly number[]): number {
  return digits.reduce((sum, digit) => sum + digit, 0);
}
