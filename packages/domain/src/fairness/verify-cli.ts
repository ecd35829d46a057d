/**
 * `npm run verify -- --issue 202611210001 --salt <salt> --hash <hex> --previous <hex> --digits 3,1,4`
 * or `npm run verify -- --url http://localhost:3000/api/v1/fairness/rounds/<id>` (the round's public
 * proof, fetched and checked on this machine). A scheme v2 round also needs its beacon and seal:
 * `--seals-at <unix s> --beacon-round N --beacon-signature <hex>` (the network defaults to drand quicknet;
 * `--beacon-public-key`, `--beacon-chain-hash`, `--beacon-genesis`, `--beacon-period` name another).
 * The beacon's BLS signature is checked here, offline.
 *
 * The positions committed at the seal (docs/trust/positions.md), for a settled round:
 * `--positions <url or file of /position-proofs/rounds/:id> [--proof <my saved proof>] [--sealed-root <hex>]`,
 * alone or with the options above. Exits 0 when everything asked verifies, 1 otherwise.
 */
import { parseArgs } from 'node:util';
import { reportPositions } from '../books/position-report.ts';
import { beaconRandomness, QUICKNET } from './beacon.ts';
import { type PublishedBeacon, type PublishedRound, verifyRound } from './verify.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    issue: { type: 'string' },
    salt: { type: 'string' },
    hash: { type: 'string' },
    previous: { type: 'string' },
    digits: { type: 'string' },
    'seals-at': { type: 'string' },
    'beacon-round': { type: 'string' },
    'beacon-signature': { type: 'string' },
    'beacon-public-key': { type: 'string' },
    'beacon-chain-hash': { type: 'string' },
    'beacon-genesis': { type: 'string' },
    'beacon-period': { type: 'string' },
    positions: { type: 'string' },
    proof: { type: 'string' },
    'sealed-root': { type: 'string' },
  },
});

function beaconFromArgs(): PublishedBeacon | null {
  const signature = values['beacon-signature'];
  if (!values['beacon-round'] || !signature) return null;
  return {
    round: Number(values['beacon-round']),
    signature,
    randomness: beaconRandomness(signature) ?? '',
    chainHash: values['beacon-chain-hash'] ?? QUICKNET.chainHash,
    publicKey: values['beacon-public-key'] ?? QUICKNET.publicKey,
    genesis: values['beacon-genesis'] ? Number(values['beacon-genesis']) : QUICKNET.genesis,
    period: values['beacon-period'] ? Number(values['beacon-period']) : QUICKNET.period,
  };
}

async function load(): Promise<PublishedRound> {
  if (values.url) {
    const response = await fetch(values.url);
    if (!response.ok) throw new Error(`GET ${values.url} answered ${response.status}`);
    const body = (await response.json()) as Partial<PublishedRound>;
    if (!body.issue || !body.salt || !body.hash || !body.previousHash || !body.digits) {
      throw new Error('the round is not drawn yet, or the answer is not a fairness proof');
    }
    return {
      issue: body.issue,
      salt: body.salt,
      hash: body.hash,
      previousHash: body.previousHash,
      digits: body.digits,
      beacon: body.beacon ?? null,
      sealsAt: body.sealsAt ?? null,
    };
  }
  const { issue, salt, hash, previous, digits } = values;
  if (!issue || !salt || !hash || !previous || !digits) {
    throw new Error('give --url, or all of --issue --salt --hash --previous --digits');
  }
  return {
    issue,
    salt,
    hash,
    previousHash: previous,
    digits: digits.split(',').map(Number),
    beacon: beaconFromArgs(),
    sealsAt: values['seals-at'] ? Number(values['seals-at']) : null,
  };
}

async function verifyDraw(): Promise<boolean> {
  const round = await load();
  const result = verifyRound(round);
  console.log(`issue ${round.issue}  (scheme ${result.scheme})`);
  console.log(`  chain link  SHA-256(hash) = previous hash: ${result.chainOk ? 'OK' : 'FAILED'}`);
  console.log(
    `  digits      computed ${result.computedDigits.join(',')} (sum ${result.computedSum}), announced ${round.digits.join(',')}: ${result.digitsOk ? 'OK' : 'FAILED'}`,
  );
  if (round.beacon && result.beacon) {
    const source =
      result.beacon.source === 'drand-quicknet'
        ? 'drand quicknet (League of Entropy)'
        : `NOT drand quicknet: key ${round.beacon.publicKey.slice(0, 16)}... (a local beacon, for testing only)`;
    console.log(`  beacon      ${source}, round ${round.beacon.round}`);
    console.log(`  signature   BLS12-381, checked offline: ${result.beacon.signatureOk ? 'OK' : 'FAILED'}`);
    console.log(
      `  beacon round first at or after the seal (${result.beacon.expectedRound ?? 'seal unknown'}): ${result.beacon.roundOk ? 'OK' : 'FAILED'}`,
    );
  } else {
    console.log('  beacon      none (scheme v1: the chain holder could compute this result in advance)');
  }
  return result.ok;
}

try {
  const draw = values.url || values.issue || !values.positions ? await verifyDraw() : true;
  const positions = values.positions
    ? await reportPositions({
        positions: values.positions,
        proof: values.proof,
        sealedRoot: values['sealed-root'],
      })
    : true;
  const ok = draw && positions;
  console.log(ok ? 'VERIFIED' : 'NOT VERIFIED');
  process.exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}
