/**
 * The verification page's positions check, opened for one round (from an investment record or the round
 * card): the committed set is rebuilt here with the domain's code and compared with the root published
 * on the round and the one this device kept at the seal, the ledger's totals with what the set and the
 * result imply, and the viewer's own positions with their inclusion proofs. Each tampering shows on its
 * own line; a part that cannot be checked says so and is not counted as a pass.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { CommittedRound, PositionProof, PositionView, RoundView } from '@tradehall/contracts';
import { buildPositionTree, ownerCommitment, type PositionLeaf } from '@tradehall/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { INVESTMENT_RECORDS_PATH, VERIFY_PATH } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { position, positionId, ROOM_ID, round, roundId } from '../../../test/trading-fixtures.ts';
import { RoundPanel } from '../components/round-panel.tsx';
import { keepSealedRoot } from '../sealed-roots.ts';
import InvestmentRecordsPage from './investment-records-page.tsx';
import VerifyPage from './verify-page.tsx';

const USER = '0190f0a0-2222-7333-8444-000000000001';
const OTHER = '0190f0a0-2222-7333-8444-000000000002';
const MY_SALT = 'ab'.repeat(32);
const ROUND = roundId(1);
const ISSUE = '202611210001';
const SUM = 14;

/**
 * Three positions, the viewer's is the second. Special numbers at 70x: 14 wins, 3 loses. The ledger's
 * honest totals, worked out by hand: staked 1,000 + 2,000 + 3,000 = 6,000; paid 1,000 x 70 + 3,000 x 70.
 */
const specialAt70 = (n: number, owner: string, salt: string, number: number): PositionLeaf => ({
  roundId: ROUND,
  positionId: positionId(n),
  ownerCommitment: ownerCommitment(owner, salt),
  bet: { category: 'special_number', number },
  amount: 1_000 * n,
  multiplier: 7_000,
});
const LEAVES: PositionLeaf[] = [
  specialAt70(1, OTHER, 'cd'.repeat(32), 14),
  specialAt70(2, USER, MY_SALT, 3),
  specialAt70(3, OTHER, 'ef'.repeat(32), 14),
];
const LEDGER = { positions: 3, staked: 6_000, paid: 280_000 };
const TREE = buildPositionTree(LEAVES);

const published = ({ roundId: _round, ...leaf }: PositionLeaf) => leaf;

function settledRound(overrides: Partial<RoundView> = {}): RoundView {
  return round(1, 1_763_700_100, {
    status: 'settled',
    hash: 'aa'.repeat(32),
    digits: [4, 5, 5],
    sum: SUM,
    settledAt: 1_763_700_063,
    positions: { root: TREE.root, leafCount: 3, version: 1 },
    ...overrides,
  });
}

function committedRound(overrides: Partial<CommittedRound> = {}): CommittedRound {
  return {
    roundId: ROUND,
    issue: ISSUE,
    status: 'settled',
    sealsAt: 1_763_700_050,
    version: 1,
    root: TREE.root,
    leafCount: 3,
    leaves: LEAVES.map(published),
    sum: SUM,
    ledger: LEDGER,
    ...overrides,
  };
}

function myProof(): PositionProof {
  const proof = TREE.proof(positionId(2));
  if (!proof) throw new Error('no proof');
  return {
    roundId: ROUND,
    root: TREE.root,
    version: 1,
    leaf: published(LEAVES[1] as PositionLeaf),
    userId: USER,
    ownerSalt: MY_SALT,
    ...proof,
  };
}

const MY_POSITION: PositionView = position(2, {
  bet: { category: 'special_number', number: 3 },
  amount: 2_000,
  multiplier: 7_000,
  status: 'lost',
  payout: 0,
  settledAt: 1_763_700_063,
});

function serve({
  roundView = settledRound(),
  committed = committedRound(),
  mine = [MY_POSITION],
}: {
  roundView?: RoundView;
  committed?: CommittedRound;
  mine?: PositionView[];
} = {}) {
  return fakeApi({
    [`GET /rounds/${ROUND}`]: () => json(200, { round: roundView, myPositions: mine }),
    [`GET /rooms/${ROOM_ID}/rounds`]: () => json(200, { items: [roundView], nextCursor: null }),
    [`GET /rounds/${ROUND}/public`]: () => json(200, roundView),
    [`GET /position-proofs/rounds/${ROUND}`]: () => json(200, committed),
    [`GET /position-proofs/positions/${positionId(2)}`]: () => json(200, myProof()),
  });
}

const openForRound = () => renderPage(VerifyPage, `${VERIFY_PATH}?room=${ROOM_ID}&round=${ROUND}`);

async function lines() {
  const check = await screen.findByTestId(`positions-check-${ISSUE}`, {}, { timeout: 5_000 });
  const line = (part: string) => within(check).getByTestId(`positions-${part}-${ISSUE}`);
  return {
    check,
    set: line('set'),
    mine: line('mine'),
    ledger: line('ledger'),
    device: line('device'),
    states: () => ['set', 'mine', 'ledger', 'device'].map((part) => line(part).dataset.state),
  };
}

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

describe('the positions check of a settled round', () => {
  it('passes all four parts for an honest round seen sealed on this device', async () => {
    keepSealedRoot(ROUND, TREE.root);
    const calls = serve();
    openForRound();
    const found = await lines();
    expect(found.states()).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(found.check.dataset.ok).toBe('true');
    expect(found.check.textContent).toContain('Positions committed at the seal: verified');
    expect(screen.getByTestId(`positions-root-${ISSUE}`).textContent).toBe(TREE.root);
    expect(found.set.textContent).toBe(
      '✓ Committed set The 3 published positions rebuild, here in your browser, the root published when the round sealed.',
    );
    expect(found.mine.textContent).toContain('Your 1 position(s) in this round are in the sealed set');
    expect(found.ledger.textContent).toContain('The ledger moved $60.00 in stakes and $2,800.00 in payouts');
    expect(found.device.textContent).toContain(
      'The root this device kept when it saw the round seal is the one',
    );
    expect(calls.map((call) => call.path)).toEqual(
      expect.arrayContaining([
        `/position-proofs/rounds/${ROUND}`,
        `/position-proofs/positions/${positionId(2)}`,
      ]),
    );
    // Only the link back to the room's rounds, not the whole list.
    expect(screen.getByTestId('verify-all-rounds').getAttribute('href')).toBe(
      `${VERIFY_PATH}?room=${ROOM_ID}`,
    );
    expect(screen.queryByTestId('verify-room-normal')).toBeNull();
    // Signed in, the round's own answer is used; the room's list is not asked for.
    expect(calls.some((call) => call.path === `/rooms/${ROOM_ID}/rounds`)).toBe(false);
  });

  // Someone else's position handed to another owner after the seal: stakes and payouts unchanged.
  const reowned = LEAVES.map(published).map((leaf, index) =>
    index === 0 ? { ...leaf, ownerCommitment: 'ee'.repeat(32) } : leaf,
  );
  const tampered: {
    name: string;
    kept?: string;
    served: Parameters<typeof serve>[0];
    states: string[];
    part: 'set' | 'mine' | 'ledger' | 'device';
    says: string;
  }[] = [
    {
      name: 'a leaf changed in the committed set fails the set (and this device’s root)',
      served: { committed: committedRound({ leaves: reowned }) },
      states: ['fail', 'pass', 'pass', 'fail'],
      part: 'set',
      says: '✗ Committed set The published positions do not rebuild the root published when the round sealed',
    },
    {
      name: 'a root kept on this device that differs fails only this device’s line',
      kept: `${'0'.repeat(63)}1`,
      served: {},
      states: ['pass', 'pass', 'pass', 'fail'],
      part: 'device',
      says: '(00000000…000001) is not the one the positions rebuild',
    },
    {
      name: 'ledger totals off by one cent fail only the ledger line',
      served: { committed: committedRound({ ledger: { ...LEDGER, paid: LEDGER.paid + 1 } }) },
      states: ['pass', 'pass', 'fail', 'pass'],
      part: 'ledger',
      says: 'The ledger moved $60.00 in stakes and $2,800.01 in payouts, but the sealed positions and the result imply $60.00 and $2,800.00.',
    },
    {
      name: 'a record that disagrees with its committed leaf fails only the viewer’s line',
      served: { mine: [{ ...MY_POSITION, amount: 2_500 }] },
      states: ['pass', 'fail', 'pass', 'pass'],
      part: 'mine',
      says: '1 of your 1 position(s) in this round are not in the sealed set',
    },
  ];

  it.each(tampered)('$name', async ({ kept, served, states, part, says }) => {
    keepSealedRoot(ROUND, kept ?? TREE.root);
    serve(served);
    openForRound();
    const found = await lines();
    expect(found.states()).toEqual(states);
    expect(found.check.dataset.ok).toBe('false');
    expect(found.check.textContent).toContain('Positions committed at the seal: not verified');
    expect(found[part].textContent).toContain(says);
  });

  it('says plainly what it did not check: signed out, no root kept on this device', async () => {
    localStorage.clear();
    const calls = serve();
    openForRound();
    const found = await lines();
    expect(found.states()).toEqual(['pass', 'none', 'pass', 'none']);
    expect(found.check.dataset.ok).toBe('true');
    expect(found.mine.textContent).toContain('Not checked: sign in to check your own positions');
    expect(found.device.textContent).toContain('this device did not see this round seal');
    // Signed out, nothing that needs a session is asked for: the round is asked for by its id (found
    // however old it is), not looked for in the room's newest rounds.
    expect(calls.some((call) => call.path === `/rounds/${ROUND}`)).toBe(false);
    expect(calls.some((call) => call.path === `/rounds/${ROUND}/public`)).toBe(true);
    expect(calls.some((call) => call.path === `/rooms/${ROOM_ID}/rounds`)).toBe(false);
  });

  it('signed out, says a round no one has was not found, with the way to the room’s rounds', async () => {
    localStorage.clear();
    fakeApi({});
    openForRound();
    expect(
      (await screen.findByText('This round was not found. Look for it among the room’s rounds.')).tagName,
    ).toBe('P');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('verify-all-rounds').getAttribute('href')).toBe(
      `${VERIFY_PATH}?room=${ROOM_ID}`,
    );
  });

  it('checks the ledger only once the round is settled', async () => {
    keepSealedRoot(ROUND, TREE.root);
    serve({
      roundView: settledRound({ status: 'sealed', hash: null, digits: null, sum: null, settledAt: null }),
      committed: committedRound({ status: 'sealed', sum: null, ledger: null }),
      mine: [{ ...MY_POSITION, status: 'open', payout: null, settledAt: null }],
    });
    openForRound();
    const found = await lines();
    expect(found.states()).toEqual(['pass', 'pass', 'none', 'pass']);
    expect(found.ledger.textContent).toContain('checked once the round is settled');
  });

  it('offers the check on each sealed round of the room’s list', async () => {
    serve();
    renderPage(VerifyPage, `${VERIFY_PATH}?room=${ROOM_ID}`);
    fireEvent.click(await screen.findByTestId(`verify-positions-${ISSUE}`));
    const found = await lines();
    expect(found.states()).toEqual(['pass', 'pass', 'pass', 'none']);
  });
});

describe('links to the check of a round', () => {
  it('from an investment record’s details', async () => {
    fakeApi({
      'GET /positions': () => json(200, { items: [MY_POSITION], nextCursor: null }),
      [`GET /position-proofs/positions/${positionId(2)}`]: () => json(200, myProof()),
    });
    renderPage(InvestmentRecordsPage, INVESTMENT_RECORDS_PATH);
    fireEvent.click(await screen.findByTestId('record-toggle'));
    const link = screen.getByTestId('record-verify-round');
    expect(link.getAttribute('href')).toBe(`${VERIFY_PATH}?room=${ROOM_ID}&round=${ROUND}`);
    expect(link.textContent).toBe('Check this round’s sealed positions');
  });

  it('from the round card once the round is sealed, not before', () => {
    const card = (view: RoundView) => () => (
      <RoundPanel
        title="Last round"
        round={view}
        status={view.status}
        seconds={null}
        positions={[]}
        testIdPrefix="last-round"
      />
    );
    const show = (view: RoundView) =>
      render(<RouterProvider router={createMemoryRouter([{ path: '/', Component: card(view) }])} />);
    show(settledRound());
    expect(screen.getByTestId('last-round-verify-positions').getAttribute('href')).toBe(
      `${VERIFY_PATH}?room=${ROOM_ID}&round=${ROUND}`,
    );
    cleanup();
    show(settledRound({ status: 'open', positions: null }));
    expect(screen.queryByTestId('last-round-verify-positions')).toBeNull();
  });
});
