/**
 * Play limits, end to end at 390x844: the player sets a daily recharge limit on My account → Play
 * limits, meets it (a recharge over it is refused, naming the limit and when it resets), raises it and
 * sees the raise wait 24 hours — shown with its time, the old limit still refusing meanwhile. Then they
 * take a cool-off: the app shows its end, and so does the next sign-in, on the login page itself once the
 * password is proved (a wrong password there says nothing of the break), and not a second time after it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, loginUser, registerUser } from './support/api.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let session: ApiSession;
const account = `limits_${Date.now().toString(36)}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The app's `yyyy.MM.dd HH:mm:ss` (the browser's local time, as this process's) read back. */
function readTime(text: string): number {
  const match = /(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(text);
  if (!match) throw new Error(`no time in ${text}`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(y, mo - 1, d, h, mi, s).getTime();
}

async function signedIn(): Promise<BrowserContext> {
  const fresh = await phoneContext(browser, server.url);
  await fresh.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', JSON.stringify({ username: user.username, id: user.id }));
      localStorage.setItem('uid', user.id);
    },
    { token: session.token, user: session.user },
  );
  return fresh;
}

async function recharge(dollars: string): Promise<void> {
  await page.goto('/#/pages/recharge/index');
  await page.getByTestId('offline-amount').fill(dollars);
  await page.getByTestId('offline-name').fill('Eve Payer');
  await page.getByTestId('offline-submit').click();
}

beforeAll(async () => {
  server = await startServer();
  await registerUser(server.url, account, 'secret123');
  session = await loginUser(server.url, account, 'secret123');
  browser = await launchBrowser();
  context = await signedIn();
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('play limits at 390x844', () => {
  it('sets a daily recharge limit from My account', async () => {
    await page.goto('/#/pages/mine/index');
    await page.getByTestId('mine-play-limits').click();
    await page.waitForURL(/#\/pages\/mine\/play-limits/);
    expect(await page.getByTestId('play-limit-deposit_day-amount').textContent()).toBe('No limit');
    await page.getByTestId('play-limit-deposit_day-input').fill('50');
    await page.getByTestId('play-limit-deposit_day-save').click();
    await expect.poll(() => page.getByTestId('play-limit-deposit_day-amount').textContent()).toBe('$50.00');
    expect(await page.getByTestId('play-limit-deposit_day-pending').count()).toBe(0);
    // Nothing runs off the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('meets it: a recharge up to the limit goes through, one more is refused with the limit and its reset', async () => {
    await recharge('50');
    await page.waitForURL(/#\/pages\/recharge-record\/index/);
    await recharge('10');
    const refusal = page.getByText(
      /Your daily recharge limit of \$50\.00 is reached\. It resets at \d{4}-\d{2}-\d{2} 00:00 UTC/,
    );
    await expect.poll(() => refusal.first().isVisible()).toBe(true);
    expect(page.url()).toContain('/pages/recharge/index');
  });

  it('raises it and sees the raise wait 24 hours, the old limit still in force', async () => {
    await page.goto('/#/pages/mine/play-limits');
    await page.getByTestId('play-limit-deposit_day-input').fill('100');
    const before = Date.now();
    await page.getByTestId('play-limit-deposit_day-save').click();
    const pending = page.getByTestId('play-limit-deposit_day-pending');
    await expect.poll(() => pending.isVisible()).toBe(true);
    const text = (await pending.textContent()) ?? '';
    expect(text).toContain('Becomes $100.00 at');
    const from = readTime(text);
    expect(from).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + DAY_MS - 1000);
    expect(from).toBeLessThanOrEqual(Date.now() + DAY_MS);
    expect(await page.getByTestId('play-limit-deposit_day-amount').textContent()).toBe('$50.00');

    await recharge('10');
    await expect
      .poll(() =>
        page
          .getByText(/Your daily recharge limit of \$50\.00 is reached/)
          .first()
          .isVisible(),
      )
      .toBe(true);
  });

  it('takes a cool-off: the app shows its end, and so does the next sign-in', async () => {
    await page.goto('/#/pages/mine/play-limits');
    await page.getByTestId('play-break-cool_off_24h').click();
    await page.getByTestId('play-break-take').click();
    await page.getByRole('button', { name: 'Take the break' }).click();
    const notice = page.getByTestId('play-break-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    const ends = readTime((await notice.textContent()) ?? '');
    expect(Math.abs(ends - (Date.now() + DAY_MS))).toBeLessThan(60_000);
    await page.getByTestId('play-break-notice-ok').click();
    expect(await page.getByTestId('play-break-running').textContent()).toContain('withdrawals stay open');

    const next = await (await signedIn()).newPage();
    await next.goto('/#/pages/mine/index');
    await expect.poll(() => next.getByTestId('play-break-notice').isVisible()).toBe(true);
    expect(readTime((await next.getByTestId('play-break-notice').textContent()) ?? '')).toBe(ends);
    await next.context().close();
  });

  it('signs in on the login page: the end of the break shows there once the password is proved, not before', async () => {
    const fresh = await phoneContext(browser, server.url);
    const login = await fresh.newPage();
    const captchaAnswer = async (action: () => Promise<unknown>): Promise<string> => {
      const [response] = await Promise.all([
        login.waitForResponse(
          (candidate) => candidate.url().includes('/api/v1/auth/captcha') && candidate.ok(),
        ),
        action(),
      ]);
      const answer = response.headers()['x-test-captcha-answer'];
      if (!answer) throw new Error('the server did not expose the captcha answer in test mode');
      return answer;
    };
    const first = await captchaAnswer(() => login.goto('/#/pages/login/index'));
    await login.getByTestId('login-account').fill(account);
    await login.getByTestId('login-password').fill('not-the-password');
    await login.getByTestId('login-captcha').fill(first);
    const second = await captchaAnswer(() => login.getByTestId('login-submit').click());
    await expect.poll(() => login.getByText('Incorrect account or password').first().isVisible()).toBe(true);
    expect(await login.getByTestId('login-break-notice').count()).toBe(0);
    expect(await login.locator('body').textContent()).not.toMatch(/break/i);

    await login.getByTestId('login-password').fill('secret123');
    await login.getByTestId('login-captcha').fill(second);
    await login.getByTestId('login-submit').click();
    const notice = login.getByTestId('login-break-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    const ends = readTime((await notice.textContent()) ?? '');
    expect(Math.abs(ends - (Date.now() + DAY_MS))).toBeLessThan(120_000);
    expect(login.url()).toContain('/pages/login/index');
    expect(await login.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await login.getByTestId('login-break-continue').click();
    await login.waitForURL((url) => !url.hash.includes('login'));
    // Already said on the login page: the signed-in app does not say it again.
    await login.goto('/#/pages/mine/index');
    await login.getByTestId('mine-play-limits').waitFor();
    expect(await login.getByTestId('play-break-notice').count()).toBe(0);
    await fresh.close();
  });
});
