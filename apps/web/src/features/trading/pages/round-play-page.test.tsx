import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PositionView, RoomView, RoundView } from '@tradehall/contracts';
import { nowSeconds } from '@tradehall/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ROUND_PLAY_PATH } from '../../../lib/paths.ts';
import { startRealtime, stopRealtime } from '../../../lib/realtime/realtime.ts';
import { serverClock } from '../../../lib/server-clock.ts';
import { saveSession } from '../../../lib/storage.ts';
import { apiError, type FakeCall, fakeApi, json, ME, renderPage } from '../../../test/fake-api.tsx';
import { startRealtimeServer, type TestRealtimeServer } from '../../../test/realtime-server.ts';
import { position, ROOM_ID, room, round, roundId } from '../../../test/trading-fixtures.ts';
import RoundPlayPage from './round-play-page.tsx';

const PATH = `${ROUND_PLAY_PATH}?room=${ROOM_ID}`;

function serve(state: {
  room: () => RoomView;
  round: (id: string) => RoundView;
  positions?: PositionView[];
}) {
  return fakeApi({
    'GET /me': () => json(200, ME),
    [`GET /rooms/${ROOM_ID}`]: () => json(200, state.room()),
    [`GET /rounds/${roundId(1)}`]: () =>
      json(200, { round: state.round(roundId(1)), myPositions: state.positions ?? [] }),
  });
}

const status = () => screen.getByTestId('round-status');
const gets = (calls: FakeCall[], path: string) =>
  calls.filter((call) => call.method === 'GET' && call.path === path).length;

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  serverClock.reset();
  saveSession('token', { username: 'demo', id: ME.id });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('round play: what each round status says', () => {
  const now = nowSeconds();
  const cases: Array<[RoundView['status'], Partial<RoundView>, string, string]> = [
    ['open', {}, 'Open', 'Wish you success'],
    [
      'sealed',
      { sealsAt: now - 2, drawsAt: now + 8 },
      'Sealed',
      'The disk has been sealed, please wait for the result',
    ],
    [
      'drawing',
      { sealsAt: now - 12, drawsAt: now - 2, hash: 'e7'.repeat(32) },
      'Drawing',
      'Drawing in progress, the result is coming',
    ],
    [
      'settled',
      {
        sealsAt: now - 15,
        drawsAt: now - 5,
        hash: 'e7'.repeat(32),
        digits: [8, 1, 7],
        sum: 16,
        settledAt: now - 2,
      },
      'Settled',
      'Settlement completed, the round has ended',
    ],
    [
      'void',
      { sealsAt: now - 15, drawsAt: now - 5, settledAt: now - 2 },
      'Void',
      'This round was cancelled and every stake refunded',
    ],
  ];

  // The cases were written at collection time; a slow start must not eat into their countdowns.
  const shifted = (overrides: Partial<RoundView>, by: number): Partial<RoundView> => {
    const moved: Partial<RoundView> = { ...overrides };
    if (moved.sealsAt !== undefined) moved.sealsAt += by;
    if (moved.drawsAt !== undefined) moved.drawsAt += by;
    if (typeof moved.settledAt === 'number') moved.settledAt += by;
    return moved;
  };

  it.each(cases)('%s', async (roundStatus, overrides, label, message) => {
    const fresh = nowSeconds();
    const current = round(1, fresh, { status: roundStatus, ...shifted(overrides, fresh - now) });
    const positionStatus = {
      open: 'open',
      sealed: 'open',
      drawing: 'open',
      settled: 'won',
      void: 'refunded',
    } as const;
    serve({
      room: () => room({ currentRound: current }),
      round: () => current,
      positions: [
        position(1, {
          status: positionStatus[roundStatus],
          payout: roundStatus === 'settled' ? 1960 : roundStatus === 'void' ? 1000 : null,
        }),
      ],
    });
    renderPage(RoundPlayPage, PATH);
    await waitFor(() => expect(status().dataset.status).toBe(roundStatus));
    expect(status().textContent).toContain(label);
    expect(status().textContent).toContain(message);
    expect(screen.getByTestId('round-issue').textContent).toBe('Issue 202611210001');
    await waitFor(() => expect(screen.getAllByTestId('my-position')).toHaveLength(1));
    const mine = screen.getByTestId('my-position');
    expect(mine.dataset.status).toBe(positionStatus[roundStatus]);

    const countdown = screen.queryByTestId('round-countdown');
    const submit = screen.getByTestId('bet-submit') as HTMLButtonElement;
    if (roundStatus === 'open') {
      expect(Number(countdown?.dataset.seconds)).toBeGreaterThanOrEqual(29);
      expect(countdown?.textContent).toMatch(/^Seals in (29|30) s$/);
      expect(submit.disabled).toBe(false);
      // The commitment the round's hash must link to is shown while it takes positions.
      expect(screen.getByTestId('round-commitment').textContent).toBe(current.commitment);
    } else {
      expect(submit.disabled).toBe(true);
    }
    if (roundStatus === 'sealed') expect(countdown?.textContent).toMatch(/^Result in (7|8) s$/);
    if (roundStatus === 'settled') {
      expect(screen.getByTestId('round-digits').dataset.digits).toBe('8,1,7');
      expect(screen.getByTestId('round-sum').textContent).toBe('16');
      expect(within(mine).getByTestId('my-position-payout').textContent).toBe('Payout $19.60');
    }
    if (roundStatus === 'drawing' || roundStatus === 'settled') {
      expect(screen.getByTestId('round-hash').textContent).toBe('e7'.repeat(32));
    }
  });

  it('shows "sealed" the second the server clock passes sealsAt, before the server confirms it', async () => {
    const now = nowSeconds();
    // The server still says open, but its seal time has passed by the server's clock.
    const current = round(1, now, { sealsAt: now - 1, drawsAt: now + 9 });
    serve({ room: () => room({ currentRound: current }), round: () => current });
    renderPage(RoundPlayPage, PATH);
    await waitFor(() => expect(status().dataset.status).toBe('sealed'));
    expect((screen.getByTestId('bet-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('round play: taking a position', () => {
  it('after the seal the server refuses with "Disk sealed, wait for result"; the page says so and asks again', async () => {
    const now = nowSeconds();
    let sealed = false;
    const calls = fakeApi({
      'GET /me': () => json(200, ME),
      [`GET /rooms/${ROOM_ID}`]: () => json(200, room({ currentRound: round(1, now) })),
      [`GET /rounds/${roundId(1)}`]: () =>
        json(200, {
          round: round(1, now, sealed ? { status: 'sealed' } : {}),
          myPositions: [],
        }),
      [`POST /rounds/${roundId(1)}/positions`]: () => {
        sealed = true;
        return apiError(409, 'ROUND_NOT_OPEN', 'Disk sealed, wait for result');
      },
    });
    renderPage(RoundPlayPage, PATH);
    await waitFor(() => expect(status().dataset.status).toBe('open'));
    fireEvent.click(await screen.findByTestId('bet-both-long'));
    fireEvent.input(screen.getByTestId('bet-amount'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('bet-submit'));
    expect((await screen.findByTestId('bet-error')).textContent).toBe('Disk sealed, wait for result');
    await waitFor(() => expect(status().dataset.status).toBe('sealed'));
    expect(status().textContent).toContain('The disk has been sealed, please wait for the result');
    expect(gets(calls, `/rounds/${roundId(1)}`)).toBeGreaterThanOrEqual(2);
    expect((screen.getByTestId('bet-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a placed position joins the round at once, and the balance is asked for again', async () => {
    const now = nowSeconds();
    let balance = ME.balance;
    const calls = fakeApi({
      'GET /me': () => json(200, { ...ME, balance }),
      [`GET /rooms/${ROOM_ID}`]: () => json(200, room({ currentRound: round(1, now) })),
      [`GET /rounds/${roundId(1)}`]: () => json(200, { round: round(1, now), myPositions: [] }),
      [`POST /rounds/${roundId(1)}/positions`]: () => {
        balance -= 1000;
        return json(
          201,
          position(1, { bet: { category: 'both_sides', type: 'single_long' }, multiplier: 424 }),
        );
      },
    });
    renderPage(RoundPlayPage, PATH);
    await waitFor(() => expect(screen.getByTestId('round-balance').textContent).toBe('$1,234.56'));
    fireEvent.click(await screen.findByTestId('bet-both-single_long'));
    fireEvent.input(screen.getByTestId('bet-amount'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('bet-submit'));
    const mine = await screen.findByTestId('my-position');
    expect(mine.dataset.status).toBe('open');
    expect(mine.textContent).toContain('Single long x4.24');
    await waitFor(() => expect(screen.getByTestId('round-balance').textContent).toBe('$1,224.56'));
    expect(gets(calls, '/me')).toBeGreaterThanOrEqual(2);
  });

  it('in a room the user does not qualify for, says how much is missing instead of the bet panel', async () => {
    const now = nowSeconds();
    serve({
      room: () =>
        room({ tier: 'vip', qualified: false, missingForEntry: 76_544, currentRound: round(1, now) }),
      round: () => round(1, now),
    });
    renderPage(RoundPlayPage, PATH);
    expect((await screen.findByTestId('room-not-qualified')).textContent).toContain(
      'Positions in this room need an entry balance of $765.44 more',
    );
    expect(screen.queryByTestId('bet-panel')).toBeNull();
  });
});

describe('round play: the server clock', () => {
  it("counts down on the server's clock (HTTP Date), not this device's", async () => {
    const skewMs = 3_600_000; // the server is an hour ahead of this device
    const serverNow = () => Date.now() + skewMs;
    const serverSeconds = Math.floor(serverNow() / 1000);
    const current = round(1, serverSeconds, { sealsAt: serverSeconds + 30, drawsAt: serverSeconds + 40 });
    const dated = (body: unknown) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json', Date: new Date(serverNow()).toUTCString() },
      });
    fakeApi({
      'GET /me': () => dated(ME),
      [`GET /rooms/${ROOM_ID}`]: () => dated(room({ currentRound: current })),
      [`GET /rounds/${roundId(1)}`]: () => dated({ round: current, myPositions: [] }),
    });
    renderPage(RoundPlayPage, PATH);
    await waitFor(() =>
      expect(screen.getByTestId('round-countdown').dataset.seconds).toMatch(/^(29|30|31)$/),
    );
    // By this device's clock the seal is an hour and 30 s away, and the round not even open yet.
    expect(status().dataset.status).toBe('open');
    expect(Math.abs(serverClock.offsetMs() - skewMs)).toBeLessThanOrEqual(1000);
  });
});

describe('round play: live from the round topic', () => {
  let server: TestRealtimeServer;
  const TOPIC = `round.${ROOM_ID}`;
  const subscribed = () =>
    server.received.filter((r) => r.frame.cmd === 'sub' && r.frame.msg === TOPIC).length;

  beforeEach(async () => {
    server = await startRealtimeServer({ validToken: 'token' });
    startRealtime({ url: server.url });
  });
  afterEach(async () => {
    cleanup();
    stopRealtime();
    await server.close();
  });

  it('follows the seal, the draw and the settlement as they are pushed, then moves on to the next round, without polling', async () => {
    const now = nowSeconds();
    const open = round(1, now, { sealsAt: now + 40, drawsAt: now + 50 });
    const sealed: RoundView = { ...open, status: 'sealed' };
    const drawing: RoundView = { ...open, status: 'drawing', hash: 'e7'.repeat(32) };
    const settled: RoundView = { ...drawing, status: 'settled', digits: [8, 1, 7], sum: 16, settledAt: now };
    const next = round(2, now, {
      issue: '202611210002',
      opensAt: now + 1,
      sealsAt: now + 60,
      drawsAt: now + 70,
    });
    let paid = false;
    const calls = fakeApi({
      'GET /me': () => json(200, { ...ME, balance: paid ? ME.balance + 1960 : ME.balance }),
      [`GET /rooms/${ROOM_ID}`]: () => json(200, room({ currentRound: open })),
      [`GET /rounds/${roundId(1)}`]: () =>
        json(200, {
          round: paid ? settled : open,
          myPositions: [position(1, paid ? { status: 'won', payout: 1960, settledAt: now } : {})],
        }),
      [`GET /rounds/${roundId(2)}`]: () => json(200, { round: next, myPositions: [] }),
    });
    renderPage(RoundPlayPage, PATH);
    await waitFor(() => expect(status().dataset.status).toBe('open'));
    await waitFor(() => expect(subscribed()).toBe(1));
    await waitFor(() => expect(gets(calls, `/rounds/${roundId(1)}`)).toBe(1));
    const roomGets = gets(calls, `/rooms/${ROOM_ID}`);

    // Sealed early by the server (its word counts): only the event can say so, 40 s before the schedule.
    server.publish(TOPIC, 'round.sealed', { round: sealed });
    await waitFor(() => expect(status().dataset.status).toBe('sealed'));
    server.publish(TOPIC, 'round.drawing', { round: drawing });
    await waitFor(() => expect(status().dataset.status).toBe('drawing'));
    expect(screen.getByTestId('round-hash').textContent).toBe('e7'.repeat(32));
    expect(gets(calls, `/rounds/${roundId(1)}`)).toBe(1);

    // Settled: the result from the event; the round is asked for once more for the viewer's payout.
    paid = true;
    server.publish(TOPIC, 'round.settled', { round: settled });
    await waitFor(() => expect(status().dataset.status).toBe('settled'));
    expect(screen.getByTestId('round-digits').dataset.digits).toBe('8,1,7');
    await waitFor(() => expect(screen.getByTestId('my-position').dataset.status).toBe('won'));
    await waitFor(() => expect(screen.getByTestId('round-balance').textContent).toBe('$1,254.16'));
    expect(screen.getByTestId('round-waiting-next')).toBeTruthy();

    // The next round opens and takes over at once; the result moves to the last-round panel.
    server.publish(TOPIC, 'round.opened', { round: next });
    await waitFor(() => expect(screen.getByTestId('round-issue').textContent).toBe('Issue 202611210002'));
    expect(status().dataset.status).toBe('open');
    const last = screen.getByTestId('last-round');
    expect(within(last).getByTestId('last-round-status').dataset.status).toBe('settled');
    expect(within(last).getByTestId('last-round-sum').textContent).toBe('16');
    // The room itself was never asked for again: its next round came with the event.
    expect(gets(calls, `/rooms/${ROOM_ID}`)).toBe(roomGets);
  });

  it('when the connection is back after a loss, resubscribes and asks for the room and the round again', async () => {
    const now = nowSeconds();
    const current = round(1, now, { sealsAt: now + 40, drawsAt: now + 50 });
    const calls = serve({ room: () => room({ currentRound: current }), round: () => current });
    renderPage(RoundPlayPage, PATH);
    await waitFor(() => expect(subscribed()).toBe(1));
    await waitFor(() => expect(gets(calls, `/rounds/${roundId(1)}`)).toBe(1));
    const before = { rounds: gets(calls, `/rounds/${roundId(1)}`), room: gets(calls, `/rooms/${ROOM_ID}`) };

    server.dropAll();
    // The reconnect check runs every 3 s.
    await waitFor(() => expect(subscribed()).toBe(2), { timeout: 5_000 });
    await waitFor(() => expect(gets(calls, `/rooms/${ROOM_ID}`)).toBe(before.room + 1));
    await waitFor(() => expect(gets(calls, `/rounds/${roundId(1)}`)).toBe(before.rounds + 1));

    server.publish(TOPIC, 'round.sealed', { round: { ...current, status: 'sealed' } });
    await waitFor(() => expect(status().dataset.status).toBe('sealed'));
  }, 10_000);
});

describe('round play without a room', () => {
  it('points to the trading hall', async () => {
    fakeApi({ 'GET /me': () => json(200, ME) });
    renderPage(RoundPlayPage, ROUND_PLAY_PATH);
    expect((await screen.findByTestId('no-room')).textContent).toContain(
      'Choose a room in the trading hall first',
    );
  });
});
