import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { nowSeconds } from '@tradehall/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { HALL_PATH, ROOM_PATH } from '../../../lib/paths.ts';
import { startRealtime, stopRealtime } from '../../../lib/realtime/realtime.ts';
import { serverClock } from '../../../lib/server-clock.ts';
import { saveSession } from '../../../lib/storage.ts';
import { fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { startRealtimeServer } from '../../../test/realtime-server.ts';
import { ROOM_ID, room, round, VIP_ROOM_ID } from '../../../test/trading-fixtures.ts';
import HallPage from './hall-page.tsx';

function rooms(now: number) {
  return [
    room({ currentRound: round(1, now) }),
    room({
      id: VIP_ROOM_ID,
      tier: 'vip',
      entryMinimum: 100_000,
      stakeMinimum: 1_000,
      stakeMaximum: 500_000,
      qualified: false,
      missingForEntry: 76_544,
      currentRound: round(2, now, {
        roomId: VIP_ROOM_ID,
        issue: '202611210007',
        sealsAt: now + 12,
        drawsAt: now + 22,
      }),
    }),
  ];
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  serverClock.reset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('trading hall', () => {
  it('lists the rooms with tier, entry minimum, stake range, current issue and the seconds to the seal', async () => {
    saveSession('token', { username: 'demo', id: 'u-1' });
    const now = nowSeconds();
    fakeApi({ 'GET /rooms': () => json(200, { items: rooms(now) }) });
    renderPage(HallPage, HALL_PATH);
    const vip = await screen.findByTestId('room-card-vip');
    const normal = screen.getByTestId('room-card-normal');
    expect(within(normal).getByText('Normal room')).toBeTruthy();
    expect(within(normal).getByText('None')).toBeTruthy();
    expect(within(normal).getByText('$1.00 – $1,000.00')).toBeTruthy();
    expect(within(normal).getByTestId('room-issue').textContent).toBe('202611210001');
    expect(within(normal).getByTestId('room-countdown').textContent).toMatch(/^Seals in (29|30) s$/);
    expect(within(vip).getByText('VIP room')).toBeTruthy();
    expect(within(vip).getByText('$1,000.00')).toBeTruthy();
    expect(within(vip).getByTestId('room-issue').textContent).toBe('202611210007');
    expect(within(vip).getByTestId('room-countdown').textContent).toMatch(/^Seals in (11|12) s$/);
  });

  it('shows the missing amount for a room the user does not qualify for', async () => {
    saveSession('token', { username: 'demo', id: 'u-1' });
    fakeApi({ 'GET /rooms': () => json(200, { items: rooms(nowSeconds()) }) });
    renderPage(HallPage, HALL_PATH);
    const vip = await screen.findByTestId('room-card-vip');
    expect(vip.dataset.qualified).toBe('false');
    expect(within(vip).getByTestId('room-missing').textContent).toBe('Locked: $765.44 more needed');
    const normal = screen.getByTestId('room-card-normal');
    expect(normal.dataset.qualified).toBe('true');
    expect(within(normal).queryByTestId('room-missing')).toBeNull();
    expect(within(normal).getByText('You can enter')).toBeTruthy();
  });

  it('says nothing about qualification to a visitor', async () => {
    fakeApi({ 'GET /rooms': () => json(200, { items: rooms(nowSeconds()) }) });
    renderPage(HallPage, HALL_PATH);
    const vip = await screen.findByTestId('room-card-vip');
    expect(vip.dataset.qualified).toBeUndefined();
    expect(within(vip).queryByTestId('room-missing')).toBeNull();
  });

  it('opens the ordinary room page of the room tapped', async () => {
    fakeApi({ 'GET /rooms': () => json(200, { items: rooms(nowSeconds()) }) });
    const router = renderPage(HallPage, HALL_PATH);
    fireEvent.click(await screen.findByTestId('room-card-normal'));
    await waitFor(() => expect(router.state.location.pathname).toBe(ROOM_PATH));
    expect(router.state.location.search).toBe(`?room=${ROOM_ID}`);
  });
});

describe('trading hall, live', () => {
  it("subscribes every room's round topic and shows the next round the moment it opens, without asking again", async () => {
    const server = await startRealtimeServer();
    startRealtime({ url: server.url });
    try {
      const now = nowSeconds();
      const calls = fakeApi({ 'GET /rooms': () => json(200, { items: rooms(now) }) });
      renderPage(HallPage, HALL_PATH);
      const normal = await screen.findByTestId('room-card-normal');
      await waitFor(() =>
        expect(server.received.filter((r) => r.frame.cmd === 'sub').map((r) => r.frame.msg)).toEqual(
          expect.arrayContaining([`round.${ROOM_ID}`, `round.${VIP_ROOM_ID}`]),
        ),
      );
      const next = round(3, now, {
        issue: '202611210002',
        opensAt: now + 1,
        sealsAt: now + 50,
        drawsAt: now + 60,
      });
      server.publish(`round.${ROOM_ID}`, 'round.opened', { round: next });
      await waitFor(() => expect(within(normal).getByTestId('room-issue').textContent).toBe('202611210002'));
      // A late event about an older round changes nothing.
      server.publish(`round.${ROOM_ID}`, 'round.settled', {
        round: round(1, now, { status: 'settled', digits: [1, 2, 3], sum: 6, settledAt: now }),
      });
      server.publish(`round.${VIP_ROOM_ID}`, 'round.sealed', {
        round: round(2, now, { roomId: VIP_ROOM_ID, issue: '202611210008', status: 'sealed' }),
      });
      const vip = screen.getByTestId('room-card-vip');
      await waitFor(() => expect(within(vip).getByTestId('room-issue').textContent).toBe('202611210008'));
      expect(within(normal).getByTestId('room-issue').textContent).toBe('202611210002');
      expect(calls.filter((call) => call.path === '/rooms')).toHaveLength(1);
    } finally {
      cleanup();
      stopRealtime();
      await server.close();
    }
  });
});
