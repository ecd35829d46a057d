/**
 * Accessibility over the pages of spec §2 at 390x844: axe (WCAG 2 A and AA rules) finds no serious or
 * critical violation on any of them, signed out (login, register, password reset, language, the hall)
 * and signed in as the demo user (everything else, round play also with a bet option chosen); and after
 * a navigation inside the app, focus is on the new page's heading.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginUser } from './support/api.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { signedInUserContext } from './support/console.ts';
import { checkedFetch } from './support/openapi-watch.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let signedOut: BrowserContext;
let signedIn: BrowserContext;
let roomId: string;

const SIGNED_OUT = [
  '/pages/login/index',
  '/pages/register/index',
  '/pages/reset-password/index',
  '/pages/language/language',
  '/pages/game/index',
];

const SIGNED_IN = [
  '/',
  '/pages/investment/index',
  '/pages/kefu/index',
  '/pages/recharge/chongzhi1',
  '/pages/mine/index',
  '/pages/game/huodong',
  '/pages/game/huodong1',
  'ROOM',
  'ROUND_PLAY',
  '/pages/app-update/index',
  '/pages/login-password-change/mima',
  '/pages/login-password-change/index',
  '/pages/fund-password-change/index',
  '/pages/recharge/index',
  '/pages/recharge/huobi',
  '/pages/withdraw/index',
  '/pages/recharge-record/index',
  '/pages/withdraw-record/index',
  '/pages/investment-record/index',
  '/pages/transaction-record/index',
  '/pages/revenue-record/index',
  '/pages/mine/qianbao',
  '/pages/mine/qianbaokh',
  '/pages/mine/addqb',
  '/pages/mine/zichan',
  '/pages/setting/set',
  '/pages/add-bank-card/index',
];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  signedOut = await phoneContext(browser, server.url);
  const session = await loginUser(server.url, 'demo', 'demo123456');
  signedIn = await signedInUserContext(browser, server.url, session);
  const rooms = (await (await checkedFetch(`${server.url}/api/v1/rooms`)).json()) as {
    items: Array<{ id: string }>;
  };
  roomId = rooms.items[0]?.id ?? '';
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The pages of one room (the demo's first): its terms, and round play, where positions are placed. */
function withRoom(route: string): string {
  if (route === 'ROOM') return `/pages/game/rule?room=${roomId}`;
  if (route === 'ROUND_PLAY') return `/pages/game/game?room=${roomId}`;
  return route;
}

interface Finding {
  route: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function audit(page: Page, route: string): Promise<Finding[]> {
  await page.goto(`/#${route}`);
  await page.locator('h1').first().waitFor();
  // Let the page's data arrive (what is audited is the page as used, not its placeholder).
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // A toast the page raised would be audited mid-fade (partly transparent, so "low contrast"); its text
  // is also announced through a live region. Toasts load on first use, so one may appear only after the
  // page looks settled: the page is audited once a visible toast is gone, and the toast layer itself is
  // left out of the audit (white on 70% black when it is fully shown).
  await page
    .locator('.adm-toast-mask')
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  return seriousViolations(page, route);
}

/** axe's serious and critical findings on the page as it is now. */
async function seriousViolations(page: Page, route: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.adm-toast-mask')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      route,
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

describe('accessibility (390x844)', () => {
  it('has no serious or critical axe violation on the signed-out pages', async () => {
    const page = await signedOut.newPage();
    const findings: Finding[] = [];
    for (const route of SIGNED_OUT) findings.push(...(await audit(page, route)));
    expect(findings).toEqual([]);
  });

  it('has no serious or critical axe violation on the signed-in pages', async () => {
    const page = await signedIn.newPage();
    const findings: Finding[] = [];
    for (const route of SIGNED_IN) {
      findings.push(...(await audit(page, withRoom(route))));
    }
    expect(findings).toEqual([]);
  });

  it('has no serious or critical axe violation on round play with a bet option chosen', async () => {
    // A chosen option is tinted: its odds are the palest pair of the page.
    const page = await signedIn.newPage();
    await page.goto(`/#${withRoom('ROUND_PLAY')}`);
    await page.locator('.bet-option').first().click();
    await expect.poll(() => page.locator('.bet-option--selected').count()).toBe(1);
    expect(await seriousViolations(page, 'round play, an option chosen')).toEqual([]);
  });

  it('moves focus to the new page heading after a navigation', async () => {
    const page = await signedIn.newPage();
    await page.goto('/#/');
    await page.locator('h1').first().waitFor();
    await page.getByTestId('tab-mine').click();
    await page.waitForURL(/#\/pages\/mine\/index/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.tagName ?? ''), { timeout: 5_000 })
      .toBe('H1');
  });
});
