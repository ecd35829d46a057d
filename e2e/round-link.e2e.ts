/**
 * A round's link opened signed out on a phone (390x844): the round card's and an investment record's link
 * to one round (/pages/game/verify?room=…&round=…) shows that round even when it is older than its room's
 * first page of rounds, and it verifies there. A server with rounds of 2 s runs until a settled round of
 * the room is beyond the first page of its list; a signed-out phone then opens that round's link.
 */
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { RECORDS_PAGE_SIZE } from '@tradehall/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer({
    ROUND_SECONDS_OVERRIDE: '2',
    SEALED_SECONDS_OVERRIDE: '1',
    DRAWING_SECONDS_OVERRIDE: '1',
  });
  browser = await launchBrowser();
  context = await phoneContext(browser, server.url);
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('a round’s link, signed out, at 390x844', () => {
  it('shows a round older than its room’s first page of rounds, and verifies it', {
    timeout: 180_000,
  }, async () => {
    const api = apiClient(server.url);
    const rooms = await api.call(roomEndpoints.list);
    const roomId = rooms.items.find((room) => room.tier === 'normal')?.id ?? '';
    const firstPage = () => api.call(roomEndpoints.rounds, { params: { id: roomId } });
    /** The room's rounds beyond the first page of its list (the page the app asks for first). */
    const beyondFirstPage = async () => {
      const rounds = [];
      let cursor = (await firstPage()).nextCursor;
      while (cursor !== null) {
        const next = await api.call(roomEndpoints.rounds, { params: { id: roomId }, query: { cursor } });
        rounds.push(...next.items);
        cursor = next.nextCursor;
      }
      return rounds;
    };
    // Rounds of 2 s: some 45 s until the room's first round has a page of rounds after it.
    await expect
      .poll(async () => (await beyondFirstPage()).some((round) => round.status === 'settled'), {
        timeout: 150_000,
        interval: 1_000,
      })
      .toBe(true);
    const target = (await beyondFirstPage()).find((round) => round.status === 'settled');
    if (!target) throw new Error('no settled round beyond the first page');
    const shownFirst = (await firstPage()).items;
    expect(shownFirst).toHaveLength(RECORDS_PAGE_SIZE);
    expect(shownFirst.map((round) => round.id)).not.toContain(target.id);

    await page.goto(`/#/pages/game/verify?room=${roomId}&round=${target.id}`);
    const card = page.getByTestId(`round-proof-${target.issue}`);
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getAttribute('data-status')).toBe('settled');
    expect(await card.textContent()).toContain(target.issue);
    expect(await card.textContent()).toContain(target.hash ?? 'no hash');
    expect(await page.getByText('This round was not found').count()).toBe(0);
    // The link to all of the room's rounds is there too.
    const allRounds = (await page.getByTestId('verify-all-rounds').getAttribute('href')) ?? '';
    expect(allRounds).toContain(`/pages/game/verify?room=${roomId}`);
    expect(allRounds).not.toContain('round=');

    await page.getByTestId(`verify-round-${target.issue}`).click();
    await expect
      .poll(() => page.getByTestId(`verify-result-${target.issue}`).getAttribute('data-ok'), {
        timeout: 20_000,
      })
      .toBe('true');
    // Nothing runs off the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
