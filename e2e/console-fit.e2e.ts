/**
 * The console fits an operator's 1280x800 screen: every section of the side menu, in Simplified Chinese
 * and English, with data in its tables (a user with a deposit and a withdrawal waiting, rounds played,
 * audit entries), shows no table wider than its box (no horizontal scrolling: the columns that matter
 * are in the table, the rest in the detail drawer) and no page wider than the window. A screenshot of
 * each section lands in .test-artifacts/console/<language>/.
 */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { depositEndpoints } from '@tradehall/contracts/endpoints';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  bindBankCard,
  fundUser,
  idempotencyKey,
  loginOperator,
  loginUser,
  registerUser,
  requestWithdrawal,
  setPaymentPassword,
} from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { consoleContext, enrolTwoFactor, loginConsole, openSection } from './support/console.ts';
import { type RunningServer, startServer } from './support/server.ts';

const SECTIONS = [
  'dashboard',
  'deposits',
  'withdrawals',
  'users',
  'rooms',
  'rounds',
  'notifications',
  'support',
  'funding',
  'ledger',
  'audit',
  'operators',
];

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let totpSecret = '';

/** Tables and the page itself, each as wide as its content wants against the width it has. */
async function overflowing(): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement;
    if (root && root.scrollWidth > window.innerWidth + 1) {
      found.push(`page ${root.scrollWidth}px > ${window.innerWidth}px`);
    }
    for (const box of Array.from(
      document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body'),
    )) {
      if (box.scrollWidth > box.clientWidth + 1) {
        const table = box.closest('[data-testid]')?.getAttribute('data-testid') ?? 'a table';
        found.push(`${table} ${box.scrollWidth}px > ${box.clientWidth}px`);
      }
    }
    return found;
  });
}

beforeAll(async () => {
  server = await startServer({
    ROUND_SECONDS_OVERRIDE: '6',
    SEALED_SECONDS_OVERRIDE: '1',
    DRAWING_SECONDS_OVERRIDE: '1',
    TURNOVER_MULTIPLIER: '0',
  });
  const account = `fit_${Date.now().toString(36)}`;
  await registerUser(server.url, account, 'secret123');
  const user = await loginUser(server.url, account, 'secret123');
  const operator = await loginOperator(server.url);
  totpSecret = await enrolTwoFactor(server.url, operator);
  await fundUser(server.url, user.token, operator, 50_000);
  await apiClient(server.url, user.token).call(depositEndpoints.create, {
    body: {
      method: 'offline',
      amount: 2000,
      depositorName: 'Waiting Payer',
      idempotencyKey: idempotencyKey(),
    },
  });
  await setPaymentPassword(server.url, user.token, '246810');
  const card = await bindBankCard(server.url, user.token, {
    realName: 'Fit Tester',
    bankName: 'Bank of Tests',
    accountNumber: '6222020200112233445',
  });
  await requestWithdrawal(server.url, user.token, { amount: 3000, cardId: card, paymentPassword: '246810' });
  browser = await launchBrowser();
  context = await consoleContext(browser, server.url);
  page = await context.newPage();
  await loginConsole(page, { totpSecret });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('the console at 1280x800', () => {
  it.each(['zh-cn', 'en'])('fits every section in %s', async (language) => {
    await page.evaluate((value) => localStorage.setItem('console.language', value), language);
    await page.reload();
    await page.getByTestId('console-operator').waitFor();
    const found: string[] = [];
    for (const section of SECTIONS) {
      await openSection(page, section);
      // The section's data in (tables drawn with rows, or their empty state), fonts laid out.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(200);
      for (const problem of await overflowing()) found.push(`${language} ${section}: ${problem}`);
      const dir = join(import.meta.dirname, '..', '.test-artifacts', 'console', language);
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `${section}.png`) });
    }
    expect(found).toEqual([]);
  });
});
