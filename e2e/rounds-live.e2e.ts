/**
 * A room watched live through three consecutive rounds with no reload (short rounds: open 7 s, sealed 3 s,
 * drawing 1 s): the round page shows each round open, seal, draw and settle within 1 s of the server (a
 * round moves to the last-round panel when the next one opens, and settles there) — all from the events,
 * with no request to the server about rounds or rooms once the page is watching.
 *
 * The server's side is observed from here by polling the room's round list (not cached) every 100 ms;
 * the page's side by a MutationObserver noting each round and status the current and last-round panels show.
 */

import { roomEndpoints } from '@tradehall/contracts/endpoints';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiClient, loginUser, registerUser } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { signedInUserContext } from './support/console.ts';
import { noteRoundPanels, panelLog } from './support/round-panels.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { watchServerRounds } from './support/server-rounds.ts';

const SHOWN_WITHIN_MS = 1_000;
const ROUNDS = 3;
const STATUSES = ['sealed', 'drawing', 'settled'] as const;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let session: ApiSession;
const account = `watcher_${Date.now().toString(36)}`;

beforeAll(async () => {
  server = await startServer({
    ROUND_SECONDS_OVERRIDE: '10',
    SEALED_SECONDS_OVERRIDE: '3',
    DRAWING_SECONDS_OVERRIDE: '1',
  });
  await registerUser(server.url, account, 'secret123');
  session = await loginUser(server.url, account, 'secret123');
  browser = await launchBrowser();
  context = await signedInUserContext(browser, server.url, session);
  await noteRoundPanels(context);
  page = await context.newPage();
  await page.addLocatorHandler(page.getByTestId('reminder-content'), async () => {
    await page.getByRole('button', { name: 'Confirm' }).click();
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('a room watched through three rounds', () => {
  it('shows every round move within 1 s of the server, from events, asking the server nothing', async () => {
    const rooms = await apiClient(server.url).call(roomEndpoints.list);
    const roomId = rooms.items.find((room) => room.tier === 'normal')?.id ?? '';
    // The server's side: the first time each round is seen in each status.
    const serverRounds = watchServerRounds(server.url, roomId);

    await page.goto('/#/pages/game/index');
    await page.getByTestId('room-card-normal').click();
    await page.getByTestId('room-enter').click();
    await page.waitForURL(/#\/pages\/game\/game\?room=/);
    await page.getByTestId('current-round').waitFor();
    // Watching starts with the first round that opens after the page is up.
    const first = await page.getByTestId('current-round').getAttribute('data-round-id');
    await expect
      .poll(
        async () => {
          const id = await page.getByTestId('current-round').getAttribute('data-round-id');
          const status = await page.getByTestId('round-status').getAttribute('data-status');
          return id !== first && status === 'open';
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}`);
    });

    const watched: string[] = [];
    await expect
      .poll(
        async () => {
          const seen = (await panelLog(page)).rounds;
          const ids = [...new Set(seen.map((s) => s.roundId))].filter((id) => id !== first);
          watched.splice(0, watched.length, ...ids);
          const done = ids
            .slice(0, ROUNDS)
            .filter((id) => seen.some((s) => s.roundId === id && s.status === 'settled'));
          return done.length;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(ROUNDS);
    await serverRounds.stop();

    const seen = (await panelLog(page)).rounds;
    const report: string[] = [];
    const lags: Array<{ what: string; lag: number; bound: number }> = [];
    for (const roundId of watched.slice(0, ROUNDS)) {
      const opened = serverRounds.seenAt(roundId, 'open');
      const shownOpen = seen.find((s) => s.roundId === roundId && s.status === 'open')?.at;
      expect(opened, `server open ${roundId}`).toBeDefined();
      expect(shownOpen, `page open ${roundId}`).toBeDefined();
      const openLag = (shownOpen ?? 0) - (opened ?? 0);
      report.push(`open +${openLag} ms`);
      lags.push({ what: `open ${roundId}`, lag: openLag, bound: SHOWN_WITHIN_MS });
      for (const status of STATUSES) {
        const server = serverRounds.seenAt(roundId, status);
        const shown = seen.find((s) => s.roundId === roundId && s.status === status)?.at;
        expect(shown, `page ${status} ${roundId}`).toBeDefined();
        // A poll misses a status that lasts under 100 ms; the page's own time is then the only one.
        if (server === undefined || shown === undefined) continue;
        report.push(`${status} ${shown - server >= 0 ? '+' : ''}${shown - server} ms`);
        lags.push({ what: `${status} ${roundId}`, lag: Math.abs(shown - server), bound: SHOWN_WITHIN_MS });
      }
    }
    const roundRequests = requests.filter((r) => /\/api\/v1\/(rounds|rooms)/.test(r));
    console.log(
      `rounds-live: ${report.join(', ')}; requests after round events: ${requests.length} (${requests.join(', ') || 'none'})`,
    );
    for (const { what, lag, bound } of lags) expect(lag, what).toBeLessThanOrEqual(bound);
    expect(roundRequests).toEqual([]);
  }, 150_000);
});
