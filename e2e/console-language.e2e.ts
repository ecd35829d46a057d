/**
 * The console in Simplified Chinese at 1280x800: on the login page the operator switches to 中文, a
 * wrong captcha is refused in Chinese by the server (asked with Accept-Language: zh-cn), the menu after
 * login is Chinese, a reload keeps the choice, and switching back gives English again.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { captchaAnswer, consoleContext, handleTwoFactorPrompt } from './support/console.ts';
import { type RunningServer, startServer } from './support/server.ts';

const sharedChinese = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../packages/contracts/src/i18n/zh-cn.json'), 'utf8'),
) as { errors: { INVALID_CAPTCHA: string } };
const consoleChinese = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../apps/console/src/locales/zh-cn.json'), 'utf8'),
) as {
  auth: { submit: string };
  shell: { logout: string; menu: { deposits: string; audit: string } };
  twoFactor: { intro: string };
};

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // The English-pinned context of the other journeys: the switch on the page must override it.
  context = await consoleContext(browser, server.url);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// antd spaces out a two-character Chinese button label (登 录), so spaces are not compared.
const text = async (testId: string) => (await page.getByTestId(testId).textContent())?.replace(/\s/g, '');

describe('console in Chinese', () => {
  it('switches to 中文 on the login page, gets server errors in Chinese and keeps the choice', async () => {
    const first = await captchaAnswer(page, () => page.goto('/console/'));
    expect(await text('console-submit')).toBe('Login');

    await page.getByTestId('console-language-zh-cn').click();
    await expect.poll(() => text('console-submit')).toBe(consoleChinese.auth.submit);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

    await page.getByTestId('console-account').fill('admin');
    await page.getByTestId('console-password').fill('admin12345');
    await page.getByTestId('console-captcha').fill(first === 'zzzz' ? 'yyyy' : 'zzzz');
    const loginRequest = page.waitForRequest((request) => request.url().includes('/api/v1/admin/auth/login'));
    const fresh = await captchaAnswer(page, () => page.getByTestId('console-submit').click());
    expect((await loginRequest).headers()['accept-language']).toBe('zh-cn');
    await page.getByText(sharedChinese.errors.INVALID_CAPTCHA).first().waitFor();
    await page.getByTestId('console-captcha').fill(fresh);

    await page.getByTestId('console-submit').click();
    await page.getByTestId('console-operator').waitFor();
    // The two-factor enrolment asked for at sign-in speaks Chinese too; deferred here.
    await expect
      .poll(() => page.getByTestId('two-factor-prompt').textContent())
      .toContain(consoleChinese.twoFactor.intro);
    await handleTwoFactorPrompt(page, 'later');
    await expect.poll(() => text('menu-deposits')).toBe(consoleChinese.shell.menu.deposits);
    expect(await text('menu-audit')).toBe(consoleChinese.shell.menu.audit);
    expect(await text('console-logout')).toBe(consoleChinese.shell.logout);
    expect(await page.evaluate(() => localStorage.getItem('console.language'))).toBe('zh-cn');
    // antd's own texts follow the choice too (its locale, not the console's catalogue).
    await page.getByTestId('menu-audit').click();
    await page.getByPlaceholder('开始日期').waitFor();

    await page.reload();
    await page.getByTestId('console-operator').waitFor();
    await expect.poll(() => text('menu-deposits')).toBe(consoleChinese.shell.menu.deposits);

    await page.getByTestId('console-language-en').click();
    await expect.poll(() => text('menu-deposits')).toBe('Deposits');
    expect(await page.evaluate(() => localStorage.getItem('console.language'))).toBe('en');
  });
});
