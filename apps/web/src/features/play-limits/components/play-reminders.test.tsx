import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../../lib/format.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { HOME_PATH, MY_ACCOUNT_PATH, ROOM_PATH } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { PlayReminders } from './play-reminders.tsx';

const MINUTE = 60_000;
const SESSION_KEY = 'tradehall.playLimits.session';
const START = new Date('2026-11-28T10:00:00Z');

const overview = (
  realityCheckMinutes: number | null,
  running: { kind: string; endsAt: number } | null = null,
) => ({
  limits: [],
  usage: {
    day: { deposited: 0, loss: 0, resetsAt: 0 },
    week: { deposited: 0, loss: 0, resetsAt: 0 },
    month: { deposited: 0, loss: 0, resetsAt: 0 },
  },
  break: running,
  realityCheckMinutes,
});

/** The counters of all time: read at the session's start, then with $8.00 staked and $5.00 paid since. */
const READINGS = [
  { staked: 500, paid: 200 },
  { staked: 1_300, paid: 700 },
];

function server(view: ReturnType<typeof overview>) {
  let asked = 0;
  return fakeApi({
    'GET /play-limits': () => json(200, view),
    'GET /play-limits/session': () => {
      const reading = READINGS[Math.min(asked, READINGS.length - 1)];
      asked += 1;
      return json(200, reading);
    },
  });
}

const pass = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(START);
  localStorage.clear();
  sessionStorage.clear();
  saveSession('token', { username: 'demo', id: 'u-1' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the reality check', () => {
  it('is off by default: nothing shows in a room however long the player stays', async () => {
    const calls = server(overview(null));
    renderPage(PlayReminders, ROOM_PATH);
    await pass(3 * 60 * MINUTE);
    expect(calls.map((call) => call.path)).toEqual(['/play-limits']);
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });

  it('shows the session time and net result every N minutes in a room, until the player stops', async () => {
    const calls = server(overview(15));
    const router = renderPage(PlayReminders, ROOM_PATH);
    // The session starts once the player's settings are known in the room.
    await waitFor(() => expect(sessionStorage.getItem(SESSION_KEY)).not.toBeNull());
    // ... measured from the counters read as it starts.
    await waitFor(() => expect(sessionStorage.getItem(SESSION_KEY)).toContain('"start":{"staked":500'));
    await pass(15 * MINUTE - 1_000);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await pass(1_000);
    const dialog = await screen.findByTestId('reality-check');
    expect(dialog.textContent).toContain('You have been playing for 15 minutes.');
    expect(dialog.textContent).toContain('Net result of this session: -$3.00');
    expect(calls.filter((call) => call.path === '/play-limits/session')).toHaveLength(2);

    fireEvent.click(screen.getByTestId('reality-check-keep'));
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await pass(15 * MINUTE);
    expect((await screen.findByTestId('reality-check')).textContent).toContain('playing for 30 minutes');

    fireEvent.click(screen.getByTestId('reality-check-stop'));
    await pass(0);
    expect(router.state.location.pathname).toBe(HOME_PATH);
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('does not interrupt outside the rooms', async () => {
    const calls = server(overview(15));
    renderPage(PlayReminders, MY_ACCOUNT_PATH);
    await pass(60 * MINUTE);
    expect(calls.map((call) => call.path)).toEqual(['/play-limits']);
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });
});

describe('a running break', () => {
  it('is shown with its end once signed in, until the player has read it', async () => {
    const endsAt = START.getTime() / 1000 + 7 * 24 * 3600;
    server(overview(null, { kind: 'cool_off_7d', endsAt }));
    renderPage(PlayReminders, MY_ACCOUNT_PATH);
    const notice = await screen.findByTestId('play-break-notice');
    expect(notice.textContent).toContain(`Your account is on a break until ${formatTime(endsAt)}`);
    fireEvent.click(screen.getByTestId('play-break-notice-ok'));
    expect(screen.queryByTestId('play-break-notice')).toBeNull();
    cleanup();
    renderPage(PlayReminders, MY_ACCOUNT_PATH);
    await pass(1_000);
    expect(screen.queryByTestId('play-break-notice')).toBeNull();
  });
});
