/**
 * The newcomer's journey at a phone viewport: register with the demo invitation code, log in with the
 * image captcha (a wrong answer first), see the five-tab app, open every tab, switch to Japanese, log out.
 * Also checks that the route loading view never flashes on a fast load.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const japanese = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../apps/web/src/locales/jp.json'), 'utf8'),
) as { tabs: { home: string; mine: string } };
const sharedEnglish = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../packages/contracts/src/i18n/en.json'), 'utf8'),
) as { errors: { INVALID_CAPTCHA: string } };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Records, from the first script of every document, whether the loading view is ever attached. */
const WATCH_LOADING_VIEW = `
  window.__loadingViewSeen = false;
  new MutationObserver(() => {
    if (document.querySelector('.loading-view')) window.__loadingViewSeen = true;
  }).observe(document, { childList: true, subtree: true });
`;

async function captchaAnswer(action: () => Promise<unknown>): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().includes('/api/v1/auth/captcha') && candidate.ok()),
    action(),
  ]);
  const answer = response.headers()['x-test-captcha-answer'];
  if (!answer) throw new Error('the server did not expose the captcha answer in test mode');
  return answer;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await phoneContext(browser, server.url);
  await context.addInitScript(WATCH_LOADING_VIEW);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('a newcomer at 390x844', () => {
  const account = `e2e_${Date.now().toString(36)}`;
  const password = 'secret123';

  it('registers with the demo invitation code', async () => {
    await page.goto('/#/pages/register/index');
    await page.getByTestId('register-account').fill(account);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-confirm').fill(`${password}x`);
    await page.getByTestId('register-invitation').fill('DEMO2026');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByText('Passwords do not match').first().isVisible()).toBe(true);

    await page.getByTestId('register-confirm').fill(password);
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/#\/pages\/login\/index/);
  });

  it('logs in with the image captcha, refusing a wrong one first', async () => {
    const first = await captchaAnswer(() => page.reload());
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(password);
    const wrong = first === 'zzzz' ? 'yyyy' : 'zzzz';
    await page.getByTestId('login-captcha').fill(wrong);
    const fresh = await captchaAnswer(() => page.getByTestId('login-submit').click());
    await expect
      .poll(() => page.getByText(sharedEnglish.errors.INVALID_CAPTCHA).first().isVisible())
      .toBe(true);

    await page.getByTestId('login-captcha').fill(fresh);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.hash === '#/' || url.hash.startsWith('#/?') || url.hash === '');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      userInfo: localStorage.getItem('userInfo'),
      uid: localStorage.getItem('uid'),
    }));
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.userInfo ?? '{}')).toMatchObject({ username: account });
    expect(stored.uid).toBeTruthy();
  });

  it('shows the five tabs in spec order and renders each one', async () => {
    const ids = await page
      .locator('[data-testid^="tab-"]')
      .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-testid')));
    expect(ids).toEqual(['tab-home', 'tab-investment', 'tab-recharge', 'tab-kefu', 'tab-mine']);
    const routes: Record<string, RegExp> = {
      'tab-investment': /#\/pages\/investment\/index/,
      'tab-recharge': /#\/pages\/recharge\/chongzhi1/,
      'tab-kefu': /#\/pages\/kefu\/index/,
      'tab-mine': /#\/pages\/mine\/index/,
      'tab-home': /#\/$/,
    };
    for (const [tab, route] of Object.entries(routes)) {
      await page.getByTestId(tab).click();
      await page.waitForURL(route);
      await expect.poll(() => page.locator('main, [role="main"]').first().isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId(tab).getAttribute('aria-current')).toBe('page');
    }
    await page.getByTestId('tab-mine').click();
    await expect.poll(() => page.getByTestId('mine-nickname').textContent()).toBe(account);
    await expect.poll(() => page.getByTestId('mine-invitation-code').textContent()).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('never flashed the loading view on these fast loads', async () => {
    expect(
      await page.evaluate(() => (window as unknown as { __loadingViewSeen: boolean }).__loadingViewSeen),
    ).toBe(false);
  });

  it('switches to Japanese and shows Japanese labels', async () => {
    await page.goto('/#/pages/language/language');
    await page.getByTestId('lang-jp').click();
    // The language page has no tab bar; go to My account directly.
    await page.goto('/#/pages/mine/index');
    await page.waitForURL(/#\/pages\/mine\/index/);
    await expect.poll(() => page.getByTestId('tab-mine').textContent()).toContain(japanese.tabs.mine);
    await expect.poll(() => page.getByTestId('tab-home').textContent()).toContain(japanese.tabs.home);
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('jp');
  });

  it('logs out back to the login page, with the session gone', async () => {
    await page.getByTestId('mine-logout').click();
    await page.waitForURL(/#\/pages\/login\/index/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/#/pages/mine/index');
    await page.waitForURL(/#\/pages\/login\/index/);
  });
});
