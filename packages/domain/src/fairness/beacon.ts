/**
 * The public randomness beacon of scheme v2: drand "quicknet" (League of Entropy), scheme
 * bls-unchained-g1-rfc9380. Round r is a BLS signature on G1 of SHA-256(r as 8-byte big-endian) under
 * the network's public key (on G2), with DST BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_; its randomness
 * is SHA-256(signature). Round r is emitted at genesis + (r - 1) * period. Verification uses the audited
 * @noble/curves, so the browser, the server and the command line check a beacon the same way.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { fromHex, sha256, toHex } from '../sha256.ts';

export const BEACON_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

export interface BeaconNetwork {
  /** drand's chain hash: names the network in its HTTP API. */
  chainHash: string;
  /** 96-byte compressed G2 point, hex. */
  publicKey: string;
  /** Unix seconds of round 1. */
  genesis: number;
  /** Seconds between rounds. */
  period: number;
}

/** drand quicknet, pinned: https://api.drand.sh/52db9ba7.../info */
export const QUICKNET: BeaconNetwork = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesis: 1692803367,
  period: 3,
};

export function isQuicknet(network: Pick<BeaconNetwork, 'chainHash' | 'publicKey'>): boolean {
  return (
    network.chainHash.toLowerCase() === QUICKNET.chainHash &&
    network.publicKey.toLowerCase() === QUICKNET.publicKey
  );
}

export interface BeaconValue {
  round: number;
  /** 48-byte compressed G1 signature, hex. */
  signature: string;
  /** SHA-256(signature), hex. */
  randomness: string;
}

/** Unix seconds at which `round` is emitted. */
export function beaconRoundTime(network: Pick<BeaconNetwork, 'genesis' | 'period'>, round: number): number {
  return network.genesis + (round - 1) * network.period;
}

/** The first round emitted at or after `unixSeconds`: the round a v2 draw must use for seals_at. */
export function firstBeaconRoundAtOrAfter(
  network: Pick<BeaconNetwork, 'genesis' | 'period'>,
  unixSeconds: number,
): number {
  if (unixSeconds <= network.genesis) return 1;
  return Math.ceil((unixSeconds - network.genesis) / network.period) + 1;
}

/** The message drand signs for a round: SHA-256 of the round as an 8-byte big-endian integer. */
export function beaconMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

export function beaconRandomness(signatureHex: string): string | null {
  const signature = fromHex(signatureHex);
  return signature?.length === 48 ? toHex(sha256(signature)) : null;
}

/**
 * True when `value` is a valid beacon of the network: its signature verifies under the public key for its
 * round, and its randomness is SHA-256 of the signature. Never throws (a malformed point is false).
 */
export function verifyBeacon(value: BeaconValue, publicKeyHex: string): boolean {
  if (!Number.isSafeInteger(value.round) || value.round < 1) return false;
  const signature = fromHex(value.signature);
  const publicKey = fromHex(publicKeyHex);
  if (signature?.length !== 48 || publicKey?.length !== 96) return false;
  if (beaconRandomness(value.signature) !== value.randomness.toLowerCase()) return false;
  try {
    const bls = bls12_381.shortSignatures;
    return bls.verify(signature, bls.hash(beaconMessage(value.round), BEACON_DST), publicKey);
  } catch {
    return false;
  }
}

/** A beacon key pair for the local test beacon (never for production: its holder knows every value). */
export function generateBeaconKey(): { secretKey: Uint8Array; publicKey: string } {
  const { secretKey, publicKey } = bls12_381.shortSignatures.keygen();
  return { secretKey, publicKey: toHex(publicKey.toBytes()) };
}

/** The public key of a beacon secret key kept from an earlier start. */
export function beaconKeyFrom(secretKey: Uint8Array): { secretKey: Uint8Array; publicKey: string } {
  return { secretKey, publicKey: toHex(bls12_381.shortSignatures.getPublicKey(secretKey).toBytes()) };
}

export function signBeaconRound(secretKey: Uint8Array, round: number): BeaconValue {
  const bls = bls12_381.shortSignatures;
  const signature = toHex(bls.sign(bls.hash(beaconMessage(round), BEACON_DST), secretKey).toBytes());
  return { round, signature, randomness: beaconRandomness(signature) ?? '' };
}
