import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RoundView } from '@tradehall/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { VERIFY_PATH } from '../../../lib/paths.ts';
import { fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { ROOM_ID, room, roundId, VIP_ROOM_ID } from '../../../test/trading-fixtures.ts';
import VerifyPage from './verify-page.tsx';

interface Vector {
  issue: string;
  salt: string;
  hash: string;
  previousHash: string;
  digits: number[];
  sum: number;
}

/** The published test vectors of the fairness scheme (docs/fairness/test-vectors.json). */
const vectors = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../../../docs/fairness/test-vectors.json'), 'utf8'),
) as { rounds: Vector[] };

function published(vector: Vector, n: number, overrides: Partial<RoundView> = {}): RoundView {
  return {
    id: roundId(n),
    roomId: ROOM_ID,
    issue: vector.issue,
    status: 'settled',
    opensAt: 1_763_700_000 + n * 60,
    sealsAt: 1_763_700_050 + n * 60,
    drawsAt: 1_763_700_060 + n * 60,
    settlesAt: 1_763_700_063 + n * 60,
    settledAt: 1_763_700_063 + n * 60,
    commitment: vector.previousHash,
    salt: vector.salt,
    hash: vector.hash,
    digits: vector.digits,
    sum: vector.sum,
    userCount: 3,
    fairness: { scheme: 'v1', beacon: null, beaconRound: null },
    voidReason: null,
    positions: null,
    ...overrides,
  };
}

const [v1, v2, v3, v4, v5] = vectors.rounds as [Vector, Vector, Vector, Vector, Vector];
const flipLast = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`;

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

describe('verification page', () => {
  it('verifies the published rounds in the browser: a good round passes, tampered ones fail', async () => {
    fakeApi({
      'GET /rooms': () => json(200, { items: [room(), room({ id: VIP_ROOM_ID, tier: 'vip' })] }),
      [`GET /rooms/${ROOM_ID}/rounds`]: () =>
        json(200, {
          items: [
            // The current round: nothing revealed yet.
            published(v5, 6, {
              issue: '202611210006',
              status: 'open',
              commitment: v5.hash,
              hash: null,
              digits: null,
              sum: null,
              settledAt: null,
            }),
            published(v5, 5),
            // A hash that does not link to the previous one (and so yields other digits).
            published(v4, 4, { hash: flipLast(v4.hash) }),
            // Digits other than the hash yields.
            published(v3, 3, { digits: [1, 2, 3], sum: 6 }),
            published(v2, 2),
            published(v1, 1),
          ],
          nextCursor: null,
        }),
    });
    renderPage(VerifyPage, `${VERIFY_PATH}?room=${ROOM_ID}`);
    const proof = (issue: string) => screen.findByTestId(`round-proof-${issue}`);

    const good = await proof(v2.issue);
    expect(within(good).getByText(v2.hash)).toBeTruthy();
    expect(within(good).getByText(v2.previousHash)).toBeTruthy();
    expect(within(good).getByTestId(`proof-${v2.issue}-digits`).dataset.digits).toBe(v2.digits.join(','));
    expect(within(good).getByTestId(`proof-${v2.issue}-sum`).textContent).toBe(String(v2.sum));

    for (const vector of [v1, v2, v5]) {
      fireEvent.click(screen.getByTestId(`verify-round-${vector.issue}`));
      const result = await screen.findByTestId(`verify-result-${vector.issue}`);
      expect(result.dataset.ok).toBe('true');
      expect(result.textContent).toContain('Verified');
      expect(result.textContent).toContain('Chain link OK');
      expect(result.textContent).toContain('Digits OK');
      expect(result.textContent).toContain(`Computed here: ${vector.digits.join(', ')} (sum ${vector.sum})`);
    }
    // Where to fetch exactly this round's proof, to check it with one's own tools.
    expect(screen.getByTestId(`verify-command-${v2.issue}`).textContent).toBe(
      `http://localhost:3000/api/v1/fairness/rounds/${roundId(2)}`,
    );

    fireEvent.click(screen.getByTestId(`verify-round-${v4.issue}`));
    const tamperedHash = await screen.findByTestId(`verify-result-${v4.issue}`);
    expect(tamperedHash.dataset.ok).toBe('false');
    expect(screen.getByTestId(`verify-chain-${v4.issue}`).dataset.ok).toBe('false');
    expect(tamperedHash.textContent).toContain('Not verified');
    expect(tamperedHash.textContent).toContain('Chain link failed');

    fireEvent.click(screen.getByTestId(`verify-round-${v3.issue}`));
    const tamperedDigits = await screen.findByTestId(`verify-result-${v3.issue}`);
    expect(tamperedDigits.dataset.ok).toBe('false');
    expect(screen.getByTestId(`verify-chain-${v3.issue}`).dataset.ok).toBe('true');
    expect(screen.getByTestId(`verify-digits-${v3.issue}`).dataset.ok).toBe('false');
    expect(tamperedDigits.textContent).toContain(`Computed here: ${v3.digits.join(', ')} (sum ${v3.sum})`);

    // A round not drawn yet has nothing to verify.
    const current = await proof('202611210006');
    expect(within(current).queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(current.textContent).toContain('Not drawn yet, nothing to verify');
  });

  it('without a room, offers the rooms to choose from', async () => {
    fakeApi({ 'GET /rooms': () => json(200, { items: [room(), room({ id: VIP_ROOM_ID, tier: 'vip' })] }) });
    renderPage(VerifyPage, VERIFY_PATH);
    const vip = await screen.findByTestId('verify-room-vip');
    expect(vip.getAttribute('href')).toBe(`${VERIFY_PATH}?room=${VIP_ROOM_ID}`);
    expect(screen.getByTestId('verify-room-normal').textContent).toBe('Normal room');
  });

  it('says so when a room has no rounds yet', async () => {
    fakeApi({
      'GET /rooms': () => json(200, { items: [room()] }),
      [`GET /rooms/${ROOM_ID}/rounds`]: () => json(200, { items: [], nextCursor: null }),
    });
    renderPage(VerifyPage, `${VERIFY_PATH}?room=${ROOM_ID}`);
    await waitFor(() =>
      expect(screen.getByTestId('empty-state').textContent).toContain('No rounds in this room yet'),
    );
  });
});
