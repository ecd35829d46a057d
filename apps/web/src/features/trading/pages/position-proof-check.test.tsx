/**
 * The green check on settled positions of the investment records: the proof is checked in the browser
 * with the domain's verifier, against the root this device kept at the seal. A proof for an altered
 * position, or a root other than the one kept, shows the warning; an open position asks for nothing.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { PositionProof } from '@tradehall/contracts';
import { buildPositionTree, ownerCommitment, type PositionLeaf } from '@tradehall/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { INVESTMENT_RECORDS_PATH } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { position, positionId, roundId } from '../../../test/trading-fixtures.ts';
import { keepSealedRoot } from '../sealed-roots.ts';
import InvestmentRecordsPage from './investment-records-page.tsx';

const USER = '0190f0a0-2222-7333-8444-000000000001';
const SALT = 'ab'.repeat(32);
const ROUND = roundId(1);

function leaf(n: number): PositionLeaf {
  return {
    roundId: ROUND,
    positionId: positionId(n),
    ownerCommitment: ownerCommitment(USER, n === 2 ? SALT : 'cd'.repeat(32)),
    bet: { category: 'both_sides', type: 'long' },
    amount: 1000 * n,
    multiplier: 196,
  };
}

/** A round of three positions, of which position 2 is the viewer's. */
function proofFor(overrides: Partial<PositionLeaf> = {}): PositionProof {
  const tree = buildPositionTree([leaf(1), leaf(2), leaf(3)]);
  const proof = tree.proof(positionId(2));
  if (!proof) throw new Error('no proof');
  const { roundId: _round, ...published } = { ...leaf(2), ...overrides };
  return {
    roundId: ROUND,
    root: tree.root,
    version: 1,
    leaf: published,
    userId: USER,
    ownerSalt: SALT,
    ...proof,
  };
}

function renderRecords(proof: PositionProof) {
  const calls = fakeApi({
    'GET /positions': () =>
      json(200, {
        items: [
          position(1),
          position(2, { status: 'won', payout: 3_920, amount: 2_000, settledAt: 1_763_700_100 }),
        ],
        nextCursor: null,
      }),
    [`GET /position-proofs/positions/${positionId(2)}`]: () => json(200, proof),
  });
  renderPage(InvestmentRecordsPage, INVESTMENT_RECORDS_PATH);
  return calls;
}

const record = (n: number) => screen.getAllByTestId('record-item')[n] as HTMLElement;

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  saveSession('token', { username: 'demo', id: USER });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sealed-set check on investment records', () => {
  it('shows a green check on a settled position whose proof verifies against the root kept at the seal', async () => {
    const proof = proofFor();
    keepSealedRoot(ROUND, proof.root);
    const calls = renderRecords(proof);
    await waitFor(() => expect(within(record(1)).getByTestId('record-proof').dataset.verified).toBe('true'), {
      timeout: 5_000,
    });
    expect(within(record(1)).getByTestId('record-proof').textContent).toBe('✓ In the sealed set');
    expect(within(record(0)).queryByTestId('record-proof')).toBeNull();
    expect(calls.filter((call) => call.path.startsWith('/position-proofs')).map((call) => call.path)).toEqual(
      [`/position-proofs/positions/${positionId(2)}`],
    );
    expect(screen.getByTestId('position-proof-explainer').textContent).toContain(
      'cannot protect anyone who never checks',
    );
  });

  it('warns when the position was altered after the seal', async () => {
    renderRecords(proofFor({ amount: 1_000 }));
    await waitFor(
      () => expect(within(record(1)).getByTestId('record-proof').dataset.verified).toBe('false'),
      {
        timeout: 5_000,
      },
    );
    expect(within(record(1)).getByTestId('record-proof').textContent).toBe('Does not match the seal');
  });

  it('warns when the root this device kept at the seal is not the proof’s', async () => {
    keepSealedRoot(ROUND, '00'.repeat(32));
    renderRecords(proofFor());
    await waitFor(
      () => expect(within(record(1)).getByTestId('record-proof').dataset.verified).toBe('false'),
      {
        timeout: 5_000,
      },
    );
  });
});
