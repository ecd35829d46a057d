/**
 * The proof-of-liabilities page against the published test vectors (docs/trust/vectors): the browser
 * checks the snapshot's signature and the user's proof itself, so a tampered proof or a snapshot signed
 * by another key shows as not verified; "this does not match" writes to customer service and goes there.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { LiabilitiesProof } from '@tradehall/domain/liabilities';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { LIABILITIES_PATH } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { apiError, fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import LiabilitiesPage from './liabilities-page.tsx';

interface Vectors {
  publicKey: string;
  snapshot: LiabilitiesProof['snapshot'];
  proofs: LiabilitiesProof[];
  tampered: Array<{ expect: string; proof: LiabilitiesProof }>;
}
const vectors = JSON.parse(
  readFileSync(
    resolve(import.meta.dirname, '../../../../../../docs/trust/vectors/liabilities-v1.json'),
    'utf8',
  ),
) as Vectors;

const SNAPSHOT_ID = '5b0c1a52-5f44-4a8e-8d52-2f1f7c6f0a11';
const snapshot = { id: SNAPSHOT_ID, ...vectors.snapshot, publicKey: vectors.publicKey, trigger: 'schedule' };

function serve(options: { proof?: LiabilitiesProof | null; publicKey?: string } = {}) {
  const proof = options.proof === undefined ? vectors.proofs[0] : options.proof;
  return fakeApi({
    'GET /liabilities': () =>
      json(200, {
        publicKey: options.publicKey ?? vectors.publicKey,
        scheduleMinutes: 60,
        latest: snapshot,
        reserves: {
          amount: 1_000_000_00,
          scope: 'bank_attestation',
          evidence: 'Bank letter',
          statedAt: 1_790_000_000,
        },
      }),
    'GET /liabilities/snapshots': () => json(200, { items: [snapshot], nextCursor: null }),
    [`GET /liabilities/snapshots/${SNAPSHOT_ID}/proof`]: () =>
      proof ? json(200, proof) : apiError(404, 'NOT_FOUND', 'Not found'),
    'POST /support/messages': ({ body }) =>
      json(200, {
        id: '6b0c1a52-5f44-4a8e-8d52-2f1f7c6f0a11',
        author: 'user',
        operatorAccount: null,
        kind: 'text',
        text: (body as { text: string }).text,
        location: null,
        createdAt: 1_790_000_000,
      }),
  });
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  saveSession('token', { username: 'demo', id: 'u-1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('proof of liabilities page', () => {
  it("verifies the user's inclusion and the snapshot's signature in the browser", async () => {
    serve();
    renderPage(LiabilitiesPage, LIABILITIES_PATH);
    const mine = await screen.findByTestId('liabilities-mine');
    expect(mine.dataset.included).toBe('true');
    const amount = `$${((vectors.proofs[0]?.leaf.amount ?? 0) / 100).toFixed(2)}`;
    expect(mine.textContent).toMatch(new RegExp(`was \\${amount} — included`));
    const badges = await screen.findAllByTestId('liabilities-signature');
    expect(badges.every((badge) => badge.dataset.ok === 'true')).toBe(true);
    expect(screen.getByTestId('liabilities-reserves').textContent).toMatch(/only be taken on their word/);
    expect(screen.getByTestId('liabilities-explainer').textContent).toMatch(/users who never check/);
  });

  it('shows a tampered proof as not verified, with the reason', async () => {
    const tampered = vectors.tampered.find((t) => t.expect === 'ROOT_MISMATCH')?.proof ?? null;
    serve({ proof: tampered });
    renderPage(LiabilitiesPage, LIABILITIES_PATH);
    await waitFor(() => expect(screen.getByTestId('liabilities-mine').dataset.included).toBe('false'));
    expect(screen.getByTestId('liabilities-mine').textContent).toMatch(/does not lead to the published root/);
  });

  it('refuses a snapshot signed by another key than the published one', async () => {
    serve({ publicKey: '11'.repeat(32) });
    renderPage(LiabilitiesPage, LIABILITIES_PATH);
    await waitFor(() => expect(screen.getByTestId('liabilities-mine').dataset.included).toBe('false'));
    const badges = await screen.findAllByTestId('liabilities-signature');
    expect(badges.every((badge) => badge.dataset.ok === 'false')).toBe(true);
  });

  it('says so when the snapshot holds no entry of the user, and reports it to customer service', async () => {
    const calls = serve({ proof: null });
    renderPage(LiabilitiesPage, LIABILITIES_PATH);
    await waitFor(() =>
      expect(screen.getByTestId('liabilities-mine').textContent).toMatch(/No entry of yours/),
    );
    fireEvent.click(screen.getByTestId('liabilities-mismatch'));
    await screen.findByTestId('elsewhere');
    const post = calls.find((call) => call.method === 'POST');
    const body = post?.body as { text: string; idempotencyKey: string };
    expect(body.text).toContain(SNAPSHOT_ID);
    expect(body.text).toMatch(/has no entry for me/);
  });
});
