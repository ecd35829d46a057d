import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { nowSeconds } from '@tradehall/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { LOGIN_PATH, RECHARGE_PATH, ROOM_PATH, ROUND_PLAY_PATH, VERIFY_PATH } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { apiError, fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { COMMITMENT, ROOM_ID, room, round } from '../../../test/trading-fixtures.ts';
import RoomPage from './room-page.tsx';

const PATH = `${ROOM_PATH}?room=${ROOM_ID}`;

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

describe('ordinary room', () => {
  it("shows the room's terms, the current round and its commitment", async () => {
    fakeApi({ [`GET /rooms/${ROOM_ID}`]: () => json(200, room({ currentRound: round(1, nowSeconds()) })) });
    renderPage(RoomPage, PATH);
    expect((await screen.findByTestId('room-tier')).textContent).toBe('Normal room');
    expect(screen.getByTestId('room-entry').textContent).toBe('None');
    expect(screen.getByTestId('room-stake').textContent).toBe('$1.00 – $1,000.00');
    expect(screen.getByTestId('room-round').textContent).toBe('60 s');
    expect(screen.getByTestId('room-sealed').textContent).toBe('10 s');
    expect(screen.getByTestId('room-edge').textContent).toBe('2.00%');
    expect(screen.getByTestId('round-issue').textContent).toBe('Issue 202611210001');
    expect(screen.getByTestId('round-status').dataset.status).toBe('open');
    expect(screen.getByTestId('round-commitment').textContent).toBe(COMMITMENT);
    expect(screen.getByTestId('room-verify').getAttribute('href')).toBe(`${VERIFY_PATH}?room=${ROOM_ID}`);
  });

  it('enters the room and opens the round page', async () => {
    saveSession('token', { username: 'demo', id: 'u-1' });
    const calls = fakeApi({
      [`GET /rooms/${ROOM_ID}`]: () => json(200, room()),
      [`POST /rooms/${ROOM_ID}/enter`]: () => json(200, { room: room() }),
    });
    const router = renderPage(RoomPage, PATH);
    fireEvent.click(await screen.findByTestId('room-enter'));
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUND_PLAY_PATH));
    expect(router.state.location.search).toBe(`?room=${ROOM_ID}`);
    expect(calls.some((call) => call.method === 'POST' && call.path === `/rooms/${ROOM_ID}/enter`)).toBe(
      true,
    );
  });

  it('says how much is missing, before trying and with the server message after', async () => {
    saveSession('token', { username: 'demo', id: 'u-1' });
    fakeApi({
      [`GET /rooms/${ROOM_ID}`]: () =>
        json(200, room({ tier: 'vip', qualified: false, missingForEntry: 76_544 })),
      [`POST /rooms/${ROOM_ID}/enter`]: () =>
        apiError(403, 'ENTRY_MINIMUM_NOT_MET', 'You need $765.44 more in your balance to enter this room', {
          params: { amount: '$765.44' },
        }),
    });
    const router = renderPage(RoomPage, PATH);
    expect((await screen.findByTestId('room-not-qualified')).textContent).toContain(
      "Your balance is $765.44 short of this room's entry minimum",
    );
    expect(screen.getByTestId('room-top-up').getAttribute('href')).toBe(RECHARGE_PATH);
    fireEvent.click(screen.getByTestId('room-enter'));
    await waitFor(() =>
      expect(screen.getByTestId('room-not-qualified').textContent).toContain(
        'You need $765.44 more in your balance to enter this room',
      ),
    );
    expect(router.state.location.pathname).toBe(ROOM_PATH);
  });

  it('sends a visitor to log in first, and back to this room', async () => {
    fakeApi({ [`GET /rooms/${ROOM_ID}`]: () => json(200, room()) });
    const router = renderPage(RoomPage, PATH);
    const enter = await screen.findByTestId('room-enter');
    expect(enter.textContent).toBe('Log in to enter');
    fireEvent.click(enter);
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN_PATH));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(PATH);
  });
});
