import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { MarketOverview } from '@tradehall/contracts';
import { nowSeconds } from '@tradehall/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { EVENTS_PATH, GUIDE_PATH, HALL_PATH, ROOM_PATH, TRENDS_PATH } from '../../../lib/paths.ts';
import { startRealtime, stopRealtime } from '../../../lib/realtime/realtime.ts';
import { fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { startRealtimeServer } from '../../../test/realtime-server.ts';
import { marketRoom, ROOM_ID, round, VIP_ROOM_ID } from '../../../test/trading-fixtures.ts';
import HomePage from './home-page.tsx';
import TrendsPage from './trends-page.tsx';

function overview(rooms: MarketOverview['rooms']): MarketOverview {
  return { tradingDate: '2026-11-21', todayVolume: 1_234_500, tradingUsers: 42, rooms };
}

const now = nowSeconds();
const WITH_ROUNDS = overview([
  marketRoom({
    currentRound: round(9, now, { issue: '202611210009' }),
    recent: [
      { issue: '202611210008', sum: 16, settledAt: now - 60 },
      { issue: '202611210007', sum: 9, settledAt: now - 120 },
      { issue: '202611210006', sum: 22, settledAt: now - 180 },
    ],
    frequencies: { long: 2, short: 1, single: 1, double: 2 },
    lastRoundProfit: -2_550,
  }),
  marketRoom({ roomId: VIP_ROOM_ID, tier: 'vip' }),
]);

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

describe('home', () => {
  it('shows the trading date, volume and trading users from the market overview', async () => {
    fakeApi({ 'GET /market/overview': () => json(200, WITH_ROUNDS) });
    renderPage(HomePage, '/');
    expect((await screen.findByTestId('market-date')).textContent).toBe('2026.11.21');
    expect(screen.getByTestId('market-volume').textContent).toBe('$12,345.00');
    expect(screen.getByTestId('market-users').textContent).toBe('42');
  });

  it('links the activity center to the event overview, the investment explanation and the trading hall', async () => {
    fakeApi({ 'GET /market/overview': () => json(200, WITH_ROUNDS) });
    renderPage(HomePage, '/');
    expect((await screen.findByTestId('activity-events')).getAttribute('href')).toBe(EVENTS_PATH);
    expect(screen.getByTestId('activity-guide').getAttribute('href')).toBe(GUIDE_PATH);
    expect(screen.getByTestId('activity-hall').getAttribute('href')).toBe(HALL_PATH);
  });

  it('shows each room’s trend: categories, profit of the round, last result, sums and frequencies', async () => {
    fakeApi({ 'GET /market/overview': () => json(200, WITH_ROUNDS) });
    renderPage(HomePage, '/');
    const normal = await screen.findByTestId('trend-normal');
    expect(within(normal).getByText('Issue 202611210009')).toBeTruthy();
    expect(within(normal).getByTestId('trend-categories').textContent).toBe('Both sides and Special number');
    const profit = within(normal).getByTestId('trend-profit');
    expect(profit.textContent).toBe('-$25.50');
    expect(profit.className).toBe('amount--out');
    expect(within(normal).getByTestId('trend-last').textContent).toBe(
      'Last result: issue 202611210008, sum 16',
    );
    expect(within(normal).getByTestId('sums-chart')).toBeTruthy();
    // The chart's figures, oldest first, for screen readers.
    const sums = within(normal).getByRole('table', { name: 'Sums of the last 3 results' });
    expect(
      within(sums)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['IssueSum', '20261121000622', '2026112100079', '20261121000816']);
    expect(within(normal).getByTestId('frequency-long').dataset.count).toBe('2');
    expect(within(normal).getByTestId('frequency-short').textContent).toBe('Short 1');
    expect(within(normal).getByTestId('frequency-double').dataset.count).toBe('2');
    expect(within(normal).getByTestId('trend-enter-normal').getAttribute('href')).toBe(
      `${ROOM_PATH}?room=${ROOM_ID}`,
    );

    const vip = screen.getByTestId('trend-vip');
    expect(within(vip).getByTestId('trend-empty').textContent).toBe('No results in this room yet');
    expect(within(vip).getByTestId('trend-profit').textContent).toBe('No settled round yet');
  });

  it('has an empty state while no round has been drawn yet', async () => {
    fakeApi({
      'GET /market/overview': () =>
        json(200, {
          ...overview([marketRoom(), marketRoom({ roomId: VIP_ROOM_ID, tier: 'vip' })]),
          todayVolume: 0,
          tradingUsers: 0,
        }),
    });
    renderPage(HomePage, '/');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No rounds have been drawn yet');
    expect(screen.getByTestId('market-volume').textContent).toBe('$0.00');
    expect(screen.queryByTestId('trend-normal')).toBeNull();
  });
});

describe('trend tab', () => {
  it('shows the trends of every room, each linking to its room', async () => {
    fakeApi({ 'GET /market/overview': () => json(200, WITH_ROUNDS) });
    renderPage(TrendsPage, TRENDS_PATH);
    expect(await screen.findByTestId('trend-normal')).toBeTruthy();
    expect(screen.getByTestId('trend-enter-vip').getAttribute('href')).toBe(
      `${ROOM_PATH}?room=${VIP_ROOM_ID}`,
    );
  });
});

describe('home, live', () => {
  it('takes the figures pushed on the market topic, without asking again', async () => {
    const server = await startRealtimeServer();
    startRealtime({ url: server.url });
    try {
      const calls = fakeApi({ 'GET /market/overview': () => json(200, WITH_ROUNDS) });
      renderPage(HomePage, '/');
      expect((await screen.findByTestId('market-volume')).textContent).toBe('$12,345.00');
      await waitFor(() =>
        expect(server.received.some((r) => r.frame.cmd === 'sub' && r.frame.msg === 'market')).toBe(true),
      );
      server.publish('market', 'market.updated', {
        ...WITH_ROUNDS,
        todayVolume: 2_000_000,
        tradingUsers: 43,
      });
      await waitFor(() => expect(screen.getByTestId('market-volume').textContent).toBe('$20,000.00'));
      expect(screen.getByTestId('market-users').textContent).toBe('43');
      expect(calls.filter((call) => call.path === '/market/overview')).toHaveLength(1);
    } finally {
      cleanup();
      stopRealtime();
      await server.close();
    }
  });
});
