import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { oddsTable } from '@tradehall/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { EVENTS_PATH, GUIDE_PATH, ROOM_PATH, VERIFY_PATH } from '../../../lib/paths.ts';
import { fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { ROOM_ID, room, VIP_ROOM_ID } from '../../../test/trading-fixtures.ts';
import { betKey } from '../bets.ts';
import EventsPage from './events-page.tsx';
import GuidePage from './guide-page.tsx';

const row = (key: string) => screen.getByTestId(`odds-row-${key}`);

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

describe('investment explanation', () => {
  it('lists every bet with its winning condition, exact probability and multiplier at the default 2% edge', async () => {
    fakeApi({});
    renderPage(GuidePage, GUIDE_PATH);
    await screen.findByTestId('odds-table');
    expect(screen.getByTestId('odds-edge').textContent).toContain('House edge 2.00%');
    const table = oddsTable(200);
    expect(screen.getAllByTestId(/^odds-row-/)).toHaveLength(table.length);
    const cells = (key: string) => Array.from(row(key).children, (cell) => cell.textContent);
    expect(cells('both-long')).toEqual(['Long', 'Sum 14 to 27', '500 in 1000 50.0%', 'x1.96']);
    expect(cells('both-single_long')).toEqual([
      'Single long',
      'Odd sum from 15 to 27',
      '231 in 1000 23.1%',
      'x4.24',
    ]);
    expect(cells('both-close_short')).toEqual(['Close short', 'Sum 0 to 5', '56 in 1000 5.6%', 'x17.50']);
    expect(cells('both-double')[1]).toBe('Sum is even');
    expect(cells('special-0')).toEqual(['0', 'Sum is exactly 0', '1 in 1000 0.1%', 'x980.00']);
    expect(cells('special-13')).toEqual(['13', 'Sum is exactly 13', '75 in 1000 7.5%', 'x13.06']);
    expect(within(screen.getByTestId('odds-group-both_sides')).getAllByRole('row')[0]?.textContent).toBe(
      'Both sides',
    );
    expect(within(screen.getByTestId('odds-group-special_number')).getAllByRole('row')).toHaveLength(29);
    for (const entry of table)
      expect(row(betKey(entry.bet)).textContent).toContain(`${entry.winningTriples} in 1000`);
  });

  it("uses the room's own edge when opened for a room", async () => {
    fakeApi({
      [`GET /rooms/${VIP_ROOM_ID}`]: () =>
        json(200, room({ id: VIP_ROOM_ID, tier: 'vip', houseEdgeBps: 500 })),
    });
    renderPage(GuidePage, `${GUIDE_PATH}?room=${VIP_ROOM_ID}`);
    await waitFor(() => expect(screen.getByTestId('odds-table').dataset.edge).toBe('500'));
    expect(screen.getByText('Odds of the VIP room')).toBeTruthy();
    expect(row('both-long').textContent).toContain('x1.90');
    expect(screen.getByTestId('to-verify').getAttribute('href')).toBe(`${VERIFY_PATH}?room=${VIP_ROOM_ID}`);
  });

  it('explains how fairness works, how to check it elsewhere and the way to the verification page', async () => {
    fakeApi({});
    renderPage(GuidePage, GUIDE_PATH);
    const fairness = await screen.findByTestId('fairness-explainer');
    expect(fairness.textContent).toContain('SHA-256');
    expect(fairness.textContent).toContain('rejection sampling');
    // Players are pointed at the verification page and the public proof, never at a developer command.
    expect(within(fairness).getByTestId('verify-elsewhere').textContent).toContain('SHA-256 and HMAC tools');
    expect(fairness.textContent).not.toContain('npm');
    expect(within(fairness).getByTestId('to-verify').getAttribute('href')).toBe(VERIFY_PATH);
  });
});

describe('event overview', () => {
  it('shows the round lifecycle, the rooms and their terms, and the odds', async () => {
    fakeApi({
      'GET /rooms': () =>
        json(200, {
          items: [
            room(),
            room({
              id: VIP_ROOM_ID,
              tier: 'vip',
              entryMinimum: 100_000,
              stakeMinimum: 1000,
              stakeMaximum: 500_000,
            }),
          ],
        }),
    });
    renderPage(EventsPage, EVENTS_PATH);
    const overview = await screen.findByTestId('rooms-overview');
    expect(overview.textContent).toContain('VIP room');
    expect(overview.textContent).toContain('$1,000.00');
    expect(overview.textContent).toContain('$10.00 – $5,000.00');
    expect(within(overview).getByRole('link', { name: 'Normal room' }).getAttribute('href')).toBe(
      `${ROOM_PATH}?room=${ROOM_ID}`,
    );
    expect(screen.getByTestId('round-lifecycle').textContent).toContain('Wish you success');
    expect(screen.getByTestId('odds-table')).toBeTruthy();
  });
});
