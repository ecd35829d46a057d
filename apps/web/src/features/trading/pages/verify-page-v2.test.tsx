import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { FairnessProof, RoundView } from '@tradehall/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { VERIFY_PATH } from '../../../lib/paths.ts';
import { type FakeCall, fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { ROOM_ID, room, roundId } from '../../../test/trading-fixtures.ts';
import VerifyPage from './verify-page.tsx';

interface BeaconVector {
  round: number;
  signature: string;
  randomness: string;
}

interface VectorV2 {
  issue: string;
  salt: string;
  hash: string;
  previousHash: string;
  sealsAt: number;
  beacon: BeaconVector;
  digits: number[];
  sum: number;
}

interface VectorsV2 {
  beaconNetwork: { chainHash: string; publicKey: string; genesis: number; period: number };
  rounds: VectorV2[];
}

/** The published fairness v2 vectors: real drand quicknet beacons (docs/fairness/test-vectors-v2.json). */
const vectors = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../../../docs/fairness/test-vectors-v2.json'), 'utf8'),
) as VectorsV2;

const [published, other] = vectors.rounds as [VectorV2, VectorV2];
const ROUND = roundId(1);
const flipLast = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`;

function roundView(vector: VectorV2): RoundView {
  return {
    id: ROUND,
    roomId: ROOM_ID,
    issue: vector.issue,
    status: 'settled',
    opensAt: vector.sealsAt - 50,
    sealsAt: vector.sealsAt,
    drawsAt: vector.sealsAt + 10,
    settlesAt: vector.sealsAt + 13,
    settledAt: vector.sealsAt + 13,
    commitment: vector.previousHash,
    salt: vector.salt,
    hash: vector.hash,
    digits: vector.digits,
    sum: vector.sum,
    userCount: 2,
    fairness: { scheme: 'v2', beacon: 'drand', beaconRound: vector.beacon.round },
    voidReason: null,
    positions: null,
  };
}

function proof(vector: VectorV2, beacon: BeaconVector): FairnessProof {
  const network = vectors.beaconNetwork;
  return {
    roundId: ROUND,
    roomId: ROOM_ID,
    issue: vector.issue,
    salt: vector.salt,
    hash: vector.hash,
    previousHash: vector.previousHash,
    chainTerminalHash: vector.previousHash,
    digits: vector.digits,
    sum: vector.sum,
    scheme: 'v2',
    sealsAt: vector.sealsAt,
    beacon: {
      kind: 'drand',
      round: beacon.round,
      signature: beacon.signature,
      randomness: beacon.randomness,
      chainHash: network.chainHash,
      publicKey: network.publicKey,
      genesis: network.genesis,
      period: network.period,
    },
  };
}

/** The verification page of one room whose only round is `vector`, its proof answering with `beacon`. */
function serve(vector: VectorV2, beacon: BeaconVector): FakeCall[] {
  return fakeApi({
    'GET /rooms': () => json(200, { items: [room()] }),
    [`GET /rooms/${ROOM_ID}/rounds`]: () => json(200, { items: [roundView(vector)], nextCursor: null }),
    [`GET /fairness/rounds/${ROUND}`]: () => json(200, proof(vector, beacon)),
  });
}

async function verifyOnPage(issue: string) {
  renderPage(VerifyPage, `${VERIFY_PATH}?room=${ROOM_ID}`);
  const card = await screen.findByTestId(`round-proof-${issue}`);
  fireEvent.click(within(card).getByTestId(`verify-round-${issue}`));
  // The BLS pairing check is slow in jsdom: give it more than the default second.
  return screen.findByTestId(`verify-result-${issue}`, undefined, { timeout: 10_000 });
}

const check = (name: string, issue: string) => screen.getByTestId(`verify-${name}-${issue}`).dataset.ok;

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('verification page, fairness v2', () => {
  it('verifies a published drand quicknet round in the browser and names the beacon round', async () => {
    const calls = serve(published, published.beacon);
    const result = await verifyOnPage(published.issue);

    // The proof (with the beacon value) is fetched only when asked to verify.
    expect(calls.some((call) => call.path === `/fairness/rounds/${ROUND}`)).toBe(true);
    expect(result.dataset.ok).toBe('true');
    expect(result.textContent).toContain('Verified');
    expect(result.textContent).not.toContain('Not verified');
    expect(check('chain', published.issue)).toBe('true');
    expect(check('digits', published.issue)).toBe('true');
    expect(check('beacon-signature', published.issue)).toBe('true');
    expect(check('beacon-round', published.issue)).toBe('true');
    expect(result.textContent).toContain('Beacon signature OK (BLS12-381)');
    expect(result.textContent).toContain(
      `Computed here: ${published.digits.join(', ')} (sum ${published.sum})`,
    );

    const source = screen.getByTestId(`verify-beacon-source-${published.issue}`);
    expect(source.textContent).toBe('drand quicknet round 5928395: open the published value');
    expect(within(source).getByRole('link').getAttribute('href')).toBe(
      `https://api.drand.sh/${vectors.beaconNetwork.chainHash}/public/5928395`,
    );
    // The room's line names the same beacon round before anything is verified.
    expect(screen.getByTestId(`proof-scheme-${published.issue}`).textContent).toContain('5928395');
  }, 20_000);

  it('does not verify a forged signature, even with the published randomness and digits', async () => {
    serve(published, { ...published.beacon, signature: flipLast(published.beacon.signature) });
    const result = await verifyOnPage(published.issue);

    expect(result.dataset.ok).toBe('false');
    expect(result.textContent).toContain('Not verified');
    expect(result.textContent).toContain('Beacon signature failed');
    expect(check('beacon-signature', published.issue)).toBe('false');
    // Only the signature is wrong: the chain, the digits and the round still check out.
    expect(check('chain', published.issue)).toBe('true');
    expect(check('digits', published.issue)).toBe('true');
    expect(check('beacon-round', published.issue)).toBe('true');
  }, 20_000);

  it('does not verify a genuine signature of another beacon round passed off as this one', async () => {
    // Its randomness is the SHA-256 of its signature, so only the BLS check itself can catch it.
    serve(published, { ...other.beacon, round: published.beacon.round });
    const result = await verifyOnPage(published.issue);

    expect(result.dataset.ok).toBe('false');
    expect(result.textContent).toContain('Not verified');
    expect(check('beacon-signature', published.issue)).toBe('false');
    expect(check('beacon-round', published.issue)).toBe('true');
  }, 20_000);
});
