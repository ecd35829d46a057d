import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  beaconRoundTime,
  firstBeaconRoundAtOrAfter,
  generateBeaconKey,
  QUICKNET,
  signBeaconRound,
  verifyBeacon,
} from './beacon.ts';
import { drawDigitsV2 } from './digits.ts';
import { type PublishedRound, verifyRound } from './verify.ts';

interface V2Vector {
  issue: string;
  salt: string;
  hash: string;
  previousHash: string;
  sealsAt: number;
  beacon: { round: number; emittedAt: number; signature: string; randomness: string };
  message: string;
  digits: number[];
  sum: number;
}
const vectors = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../docs/fairness/test-vectors-v2.json'), 'utf8'),
) as { beaconNetwork: typeof QUICKNET; rounds: V2Vector[] };

const published = (vector: V2Vector): PublishedRound => ({
  issue: vector.issue,
  salt: vector.salt,
  hash: vector.hash,
  previousHash: vector.previousHash,
  digits: vector.digits,
  sealsAt: vector.sealsAt,
  beacon: { ...QUICKNET, ...vector.beacon },
});

describe('drand quicknet (published beacons)', () => {
  it('pins the network the vectors name', () => {
    expect(vectors.beaconNetwork).toMatchObject(QUICKNET);
  });

  it.each(vectors.rounds.map((vector) => [vector.beacon.round, vector] as const))(
    'round %s: the published signature verifies under the quicknet key',
    (_round, vector) => {
      expect(verifyBeacon(vector.beacon, QUICKNET.publicKey)).toBe(true);
      expect(beaconRoundTime(QUICKNET, vector.beacon.round)).toBe(vector.beacon.emittedAt);
    },
  );

  it('refuses a forged signature, a signature moved to another round, and a wrong randomness', () => {
    const [first, second] = vectors.rounds as [V2Vector, V2Vector];
    expect(verifyBeacon({ ...first.beacon, signature: second.beacon.signature }, QUICKNET.publicKey)).toBe(
      false,
    );
    expect(verifyBeacon({ ...first.beacon, round: first.beacon.round + 1 }, QUICKNET.publicKey)).toBe(false);
    expect(verifyBeacon({ ...first.beacon, randomness: second.beacon.randomness }, QUICKNET.publicKey)).toBe(
      false,
    );
    const other = generateBeaconKey();
    const forged = signBeaconRound(other.secretKey, first.beacon.round);
    expect(verifyBeacon(forged, QUICKNET.publicKey)).toBe(false);
    expect(verifyBeacon(forged, other.publicKey)).toBe(true);
    expect(verifyBeacon({ ...first.beacon, signature: 'zz' }, QUICKNET.publicKey)).toBe(false);
  });
});

describe('scheme v2 test vectors (docs/fairness/test-vectors-v2.json)', () => {
  it.each(vectors.rounds.map((vector) => [vector.issue, vector] as const))(
    'round %s verifies offline, beacon included',
    (_issue, vector) => {
      expect(drawDigitsV2(vector.hash, vector.salt, vector.issue, vector.beacon)).toEqual(vector.digits);
      expect(vector.message).toBe(
        `${vector.salt}:${vector.issue}:${vector.beacon.round}:${vector.beacon.randomness}`,
      );
      const result = verifyRound(published(vector));
      expect(result).toMatchObject({
        ok: true,
        scheme: 'v2',
        chainOk: true,
        digitsOk: true,
        computedSum: vector.sum,
        beacon: { signatureOk: true, roundOk: true, source: 'drand-quicknet' },
      });
    },
  );

  it('refuses a beacon round emitted before the seal, and a later one than the first after it', () => {
    const vector = vectors.rounds[0] as V2Vector;
    // Sealed after the beacon was emitted: that beacon was public while positions were accepted.
    const late = verifyRound({ ...published(vector), sealsAt: vector.beacon.emittedAt + 1 });
    expect(late).toMatchObject({
      ok: false,
      beacon: { roundOk: false, expectedRound: vector.beacon.round + 1 },
    });
    // Sealed long before: the server would have had rounds to pick from.
    const early = verifyRound({ ...published(vector), sealsAt: vector.beacon.emittedAt - 10 });
    expect(early).toMatchObject({ ok: false, beacon: { signatureOk: true, roundOk: false } });
  });

  it('the v1 digits of the same round do not verify as v2, and a local beacon is named as such', () => {
    const vector = vectors.rounds[0] as V2Vector;
    expect(verifyRound({ ...published(vector), digits: [9, 0, 0] }).digitsOk).toBe(false);
    const key = generateBeaconKey();
    const network = {
      chainHash: 'ab'.repeat(32),
      publicKey: key.publicKey,
      genesis: 1_700_000_000,
      period: 1,
    };
    const sealsAt = 1_700_000_100;
    const value = signBeaconRound(key.secretKey, firstBeaconRoundAtOrAfter(network, sealsAt));
    const digits = drawDigitsV2(vector.hash, vector.salt, vector.issue, value);
    const result = verifyRound({ ...published(vector), digits, sealsAt, beacon: { ...network, ...value } });
    expect(result).toMatchObject({ ok: true, beacon: { source: 'other' } });
  });

  it('finds the first round at or after an instant', () => {
    expect(firstBeaconRoundAtOrAfter(QUICKNET, QUICKNET.genesis)).toBe(1);
    expect(firstBeaconRoundAtOrAfter(QUICKNET, QUICKNET.genesis + 1)).toBe(2);
    expect(firstBeaconRoundAtOrAfter(QUICKNET, QUICKNET.genesis + 3)).toBe(2);
    expect(firstBeaconRoundAtOrAfter(QUICKNET, QUICKNET.genesis + 4)).toBe(3);
  });
});
