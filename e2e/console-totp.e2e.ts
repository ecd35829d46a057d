/**
 * Console two-factor at 1280x800: the demo operator enrols from My account (secret and QR code, confirmed
 * with a code), logs out, and from then on login asks for a code after the password: a wrong code is
 * refused, the right one signs in. The enrolment is in the audit log; replacing the authenticator takes a
 * current code of the old one; and a session the server no longer accepts sends the console back to login
 * with a notice. Before enrolling, an approval is refused and the enrolment shows again, saying why.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { adminAuthEndpoints, depositEndpoints } from '@tradehall/contracts/endpoints';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, idempotencyKey, loginUser } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import {
  captchaAnswer,
  closeDrawer,
  consoleContext,
  loginConsole,
  openSection,
  totpCode,
} from './support/console.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let secret = '';

const sharedEnglish = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../packages/contracts/src/i18n/en.json'), 'utf8'),
) as { errors: { TOTP_INVALID: string } };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await consoleContext(browser, server.url);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('console two-factor at 1280x800', () => {
  it('refuses a money decision before enrolment and shows the enrolment again, saying why', async () => {
    const user = await loginUser(server.url, 'demo', 'demo123456');
    await apiClient(server.url, user.token).call(depositEndpoints.create, {
      body: {
        method: 'offline',
        amount: 5_000,
        depositorName: 'Eve Payer',
        idempotencyKey: idempotencyKey(),
      },
    });
    await loginConsole(page, { twoFactorPrompt: 'later' });
    await openSection(page, 'deposits');
    const row = page.locator('tr.ant-table-row', { hasText: 'demo' }).first();
    await row.getByTestId('deposit-review').click();
    await page.getByTestId('deposit-approve').click();
    await page.getByTestId('deposit-approve-confirm').click();
    const prompt = page.getByTestId('two-factor-prompt');
    await expect.poll(() => prompt.getAttribute('data-reason')).toBe('refused');
    await expect
      .poll(() => prompt.getByTestId('totp-qr').getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    expect(await page.getByTestId('deposit-detail').getAttribute('data-status')).toBe('pending');
    await page.getByTestId('two-factor-later').click();
    await prompt.waitFor({ state: 'detached' });
    await closeDrawer(page, 'deposit-detail');
  });

  it('enrols two-factor from My account with the secret and its QR code', async () => {
    // Still signed in from the refusal ("Later" deferred the enrolment): My account offers it.
    await page.getByTestId('console-account-link').click();
    await expect.poll(() => page.getByTestId('totp-state').getAttribute('data-enabled')).toBe('false');
    await page.getByTestId('totp-start').click();
    secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByTestId('totp-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    await page.getByTestId('totp-code').fill(totpCode(secret));
    await page.getByTestId('totp-confirm').click();
    await expect.poll(() => page.getByTestId('totp-state').getAttribute('data-enabled')).toBe('true');
  });

  it('asks for the code after the password, refuses a wrong one and accepts the right one', async () => {
    await page.getByTestId('console-logout').click();
    await page.getByTestId('console-account').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('console.token'))).toBeNull();

    // Let the login form's own captcha load, then take a fresh one whose answer is the one on screen.
    await page.getByTestId('console-captcha-image').waitFor();
    await page.waitForLoadState('networkidle');
    const first = await captchaAnswer(page, () => page.getByTestId('console-captcha-image').click());
    await page.getByTestId('console-account').fill('admin');
    await page.getByTestId('console-password').fill('admin12345');
    await page.getByTestId('console-captcha').fill(first);
    const second = await captchaAnswer(page, () => page.getByTestId('console-submit').click());
    await page.getByTestId('totp-prompt').waitFor();

    // A code from none of the steps the server would accept.
    const valid = new Set([-1, 0, 1, 2].map((steps) => totpCode(secret, steps)));
    const wrong = ['000000', '111111', '222222', '333333', '444444'].find((code) => !valid.has(code)) ?? '';
    await page.getByTestId('console-totp').fill(wrong);
    await page.getByTestId('console-captcha').fill(second);
    const third = await captchaAnswer(page, () => page.getByTestId('console-submit').click());
    await page.getByText(sharedEnglish.errors.TOTP_INVALID).first().waitFor();

    // The code the enrolment used is spent: the next step's code, as an app shows it moments later.
    await page.getByTestId('console-totp').fill(totpCode(secret, 1));
    await page.getByTestId('console-captcha').fill(third);
    await page.getByTestId('console-submit').click();
    await expect.poll(() => page.getByTestId('console-operator').textContent()).toBe('admin (admin)');
  });

  it('records the enrolment in the audit log', async () => {
    await openSection(page, 'audit');
    await page.getByTestId('audit-action').fill('operator.totp_confirm');
    await page.getByTestId('audit-search').click();
    await expect
      .poll(() => page.getByTestId('audit-action-cell').allTextContents())
      .toEqual(['operator.totp_confirm']);
  });

  it('replaces the authenticator only with a current code of the old one', async () => {
    await page.getByTestId('console-account-link').click();
    // A code of no step the server would accept: refused, and the operator stays signed in.
    const valid = new Set([-1, 0, 1, 2].map((steps) => totpCode(secret, steps)));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code)) ?? '';
    await page.getByTestId('totp-current-code').fill(wrong);
    await page.getByTestId('totp-replace').click();
    await page.getByText(sharedEnglish.errors.TOTP_INVALID).first().waitFor();
    expect(await page.getByTestId('console-operator').textContent()).toBe('admin (admin)');

    // The login used the next step's code: wait for the step after it, as a person would see a new code.
    await new Promise((done) => setTimeout(done, 30_000 - (Date.now() % 30_000) + 200));
    await page.getByTestId('totp-current-code').fill(totpCode(secret, 1));
    await page.getByTestId('totp-replace').click();
    const next = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(next).toMatch(/^[A-Z2-7]{32}$/);
    expect(next).not.toBe(secret);
    await page.getByTestId('totp-code').fill(totpCode(next));
    await page.getByTestId('totp-confirm').click();
    await page.getByText('Two-factor now uses the new authenticator').first().waitFor();
    expect(await page.getByTestId('totp-state').getAttribute('data-enabled')).toBe('true');
  });

  it('goes back to login with a notice when the server ends the session', async () => {
    const token = (await page.evaluate(() => sessionStorage.getItem('console.token'))) ?? '';
    await apiClient(server.url, token).call(adminAuthEndpoints.logout);
    await openSection(page, 'deposits');
    await page.getByTestId('login-notice').waitFor();
    expect(await page.getByTestId('login-notice').textContent()).toContain('Your session has ended');
    expect(await page.evaluate(() => sessionStorage.getItem('console.token'))).toBeNull();
  });
});
