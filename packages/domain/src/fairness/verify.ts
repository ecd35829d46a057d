/**
 * The verifier anyone can run (browser, command line, tests): given what a round published, recompute
 * its digits and check that its hash links to the previous round's hash (or to the chain's terminal
 * hash for the first round of a chain). For a scheme v2 round it also checks the beacon offline: its BLS
 * signature under the beacon's public key, that its randomness is SHA-256 of the signature, and that it
 * is exactly the first beacon round emitted at or after the round's seal (no earlier one, which could
 * have been known while positions were accepted; no later one, which the server could have picked).
 */
import {
  type BeaconNetwork,
  type BeaconValue,
  firstBeaconRoundAtOrAfter,
  isQuicknet,
  QUICKNET,
  verifyBeacon,
} from './beacon.ts';
import { linksTo } from './chain.ts';
import { digitSum, drawDigits, drawDigitsV2 } from './digits.ts';

export interface PublishedBeacon extends BeaconValue, BeaconNetwork {}

export interface PublishedRound {
  issue: string;
  salt: string;
  /** The hash revealed for this round. */
  hash: string;
  /** The previous round's hash, or the chain's terminal hash. */
  previousHash: string;
  /** The digits the service announced. */
  digits: readonly number[];
  /** Scheme v2 only: the beacon value mixed in, and the round's seal (unix seconds). */
  beacon?: PublishedBeacon | null;
  sealsAt?: number | null;
}

export type BeaconSource = 'drand-quicknet' | 'other';

export interface BeaconVerification {
  /** BLS signature valid under the given public key, randomness = SHA-256(signature). */
  signatureOk: boolean;
  /** The beacon round is the first one emitted at or after the seal. */
  roundOk: boolean;
  expectedRound: number | null;
  /** Whether the key is the pinned drand quicknet key (else: a local or unknown beacon). */
  source: BeaconSource;
}

export interface Verification {
  ok: boolean;
  scheme: 'v1' | 'v2';
  chainOk: boolean;
  digitsOk: boolean;
  computedDigits: [number, number, number];
  computedSum: number;
  beacon: BeaconVerification | null;
}

export function verifyRound(round: PublishedRound): Verification {
  const hash = round.hash.toLowerCase();
  const chainOk = linksTo(hash, round.previousHash.toLowerCase());
  const beacon = round.beacon ? checkBeacon(round.beacon, round.sealsAt ?? null) : null;
  let computedDigits: [number, number, number] = [0, 0, 0];
  let digitsOk = false;
  try {
    computedDigits = round.beacon
      ? drawDigitsV2(hash, round.salt, round.issue, {
          round: round.beacon.round,
          randomness: round.beacon.randomness.toLowerCase(),
        })
      : drawDigits(hash, round.salt, round.issue);
    digitsOk =
      round.digits.length === 3 && computedDigits.every((digit, index) => digit === round.digits[index]);
  } catch {
    digitsOk = false;
  }
  const beaconOk = beacon === null || (beacon.signatureOk && beacon.roundOk);
  return {
    ok: chainOk && digitsOk && beaconOk,
    scheme: round.beacon ? 'v2' : 'v1',
    chainOk,
    digitsOk,
    computedDigits,
    computedSum: digitSum(computedDigits),
    beacon,
  };
}

function checkBeacon(beacon: PublishedBeacon, sealsAt: number | null): BeaconVerification {
  const expectedRound = sealsAt === null ? null : firstBeaconRoundAtOrAfter(beacon, sealsAt);
  return {
    signatureOk: verifyBeacon(beacon, beacon.publicKey),
    roundOk: expectedRound !== null && beacon.round === expectedRound,
    expectedRound,
    source:
      isQuicknet(beacon) && beacon.genesis === QUICKNET.genesis && beacon.period === QUICKNET.period
        ? 'drand-quicknet'
        : 'other',
  };
}
