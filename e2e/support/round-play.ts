/** Taking a position in the browser: into the normal room from the trading hall, at an open round. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** From the trading hall into the normal room's round page, through its rules. */
export async function enterNormalRoom(page: Page): Promise<void> {
  await page.goto('/#/pages/game/index');
  await page.getByTestId('room-card-normal').click();
  await page.waitForURL(/#\/pages\/game\/rule\?room=/);
  await page.getByTestId('room-enter').click();
  await page.waitForURL(/#\/pages\/game\/game\?room=/);
}

/** Waits for a round with at least 2 s left before its seal, so a click lands while it is open. */
export async function awaitOpenRound(page: Page, timeout = 20_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const status = await page.getByTestId('round-status').getAttribute('data-status');
        const seconds = Number(
          (await page.getByTestId('round-countdown').textContent())?.match(/\d+/)?.[0] ?? 0,
        );
        return status === 'open' && seconds >= 2;
      },
      { timeout, interval: 200 },
    )
    .toBe(true);
}
