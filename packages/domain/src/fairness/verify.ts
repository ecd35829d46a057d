/**
 * The verifier anyone can run (browser, command line, tests): given what a round published, recompute
 * its digits and check that its hash links to the previous round's hash (or to the chain's terminal
 * hash for the first round of a chain).
 */
import { linksTo } from './chain.ts';
import { digitSum, drawDigits } from './digits.ts';

export interface PublishedRound {
  issue: string;
  salt: string;
  /** The hash revealed for this round. */
  hash: string;
  /** The previous round's hash, or the chain's terminal hash. */
  previousHash: string;
  /** The digits the service announced. */
  digits: readonly number[];
}

export interface Verification {
  ok: boolean;
  chainOk: boolean;
  digitsOk: boolean;
  computedDigits: [number, number, number];
  computedSum: number;
}

export function verifyRound(round: PublishedRound): Verification {
  const chainOk = linksTo(round.hash.toLowerCase(), round.previousHash.toLowerCase());
  let computedDigits: [number, number, number] = [0, 0, 0];
  let digitsOk = false;
  try {
    computedDigits = drawDigits(round.hash.toLowerCase(), round.salt, round.issue);
    digitsOk =
      round.digits.length === 3 && computedDigits.every((digit, index) => digit === round.digits[index]);
  } catch {
    digitsOk = false;
  }
  return {
    ok: chainOk && digitsOk,
    chainOk,
    digitsOk,
    computedDigits,
    computedSum: digitSum(computedDigits),
  };
}
