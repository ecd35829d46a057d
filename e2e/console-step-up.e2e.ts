/**
 * Console step-up at 1280x800, under the server's Content-Security-Policy: the funding settings page is
 * read-only (and says why) for an admin without two-factor; an admin with two-factor edits a receiving
 * bank account and saves it with a code from their authenticator (a wrong code is refused without
 * ending the session); the same admin resets another operator's two-factor from the operators page
 * with a fresh code. No page logs a CSP violation along the way.
 */
import { adminAuthEndpoints, operatorEndpoints } from '@tradehall/contracts/endpoints';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginOperator } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { consoleContext, loginConsole, openSection, totpCode } from './support/console.ts';
import { type RunningServer, startServer } from './support/server.ts';

const PASSWORD = 'operator-pass-1';
const STEP_MS = 30_000;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const violations: string[] = [];

/** A new operator of `role` with two-factor on; its confirmation used the previous step's code. */
async function enrolledOperator(
  adminToken: string,
  account: string,
  role: 'operator' | 'admin',
): Promise<{ id: string; secret: string }> {
  const { id } = await apiClient(server.url, adminToken).call(operatorEndpoints.create, {
    body: { account, password: PASSWORD, role },
  });
  const token = await loginOperator(server.url, account, PASSWORD);
  const { secret } = await apiClient(server.url, token).call(adminAuthEndpoints.enrolTotp, { body: {} });
  // One step back (inside the accepted drift): the current step's code stays free for the login.
  await apiClient(server.url, token).call(adminAuthEndpoints.confirmTotp, {
    body: { code: totpCode(secret, -1) },
  });
  return { id, secret };
}

/** Waits until the authenticator shows a new code (a code is accepted once per 30-second step). */
async function nextStep(): Promise<void> {
  await new Promise((done) => setTimeout(done, STEP_MS - (Date.now() % STEP_MS) + 200));
}

let funder = { id: '', secret: '' };
let other = { id: '', secret: '' };

beforeAll(async () => {
  server = await startServer();
  const demoAdmin = await loginOperator(server.url);
  funder = await enrolledOperator(demoAdmin, 'funder', 'admin');
  other = await enrolledOperator(demoAdmin, 'lostphone', 'operator');
  browser = await launchBrowser();
  context = await consoleContext(browser, server.url);
  page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('console step-up at 1280x800', () => {
  it('shows the funding settings read-only to an admin without two-factor, and why', async () => {
    await loginConsole(page, { twoFactorPrompt: 'later' });
    await openSection(page, 'funding');
    await page.getByTestId('funding-read-only').waitFor();
    expect(await page.getByTestId('funding-read-only').textContent()).toContain('two-factor');
    expect(await page.getByTestId('funding-edit').isDisabled()).toBe(true);
    // The settings themselves are there to read.
    await expect
      .poll(() => page.getByTestId('funding-bank-table').textContent())
      .toContain('Tradehall Demo Bank');
    await page.getByTestId('console-logout').click();
    await page.getByTestId('console-account').waitFor();
  });

  it('lets an admin with two-factor change a receiving account with a current code', async () => {
    await loginConsole(page, { account: 'funder', password: PASSWORD, totpSecret: funder.secret });
    await openSection(page, 'funding');
    await page.getByTestId('funding-edit').click();
    await page.getByTestId('funding-bank-name-0').fill('Step-up Bank');

    // A code no step the server accepts would show: refused, still signed in, the dialog still open.
    const valid = new Set([-1, 0, 1, 2].map((steps) => totpCode(funder.secret, steps)));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code)) ?? '';
    await page.getByTestId('funding-totp').fill(wrong);
    await page.getByTestId('funding-save').click();
    await page.getByText('The authenticator code is incorrect').first().waitFor();
    expect(await page.getByTestId('console-operator').textContent()).toBe('funder (admin)');

    // The login used the current step's code; the next step's is new (one step of drift is accepted).
    await page.getByTestId('funding-totp').fill(totpCode(funder.secret, 1));
    await page.getByTestId('funding-save').click();
    await expect.poll(() => page.getByTestId('funding-bank-table').textContent()).toContain('Step-up Bank');
    await expect.poll(() => page.getByTestId('funding-save').count()).toBe(0);
  });

  it("resets another operator's two-factor from the operators page with a fresh code", async () => {
    await openSection(page, 'operators');
    // Not for oneself: that goes through My account with a current code.
    expect(await page.getByTestId('operator-reset-totp-funder').isDisabled()).toBe(true);
    await page.getByTestId('operator-reset-totp-lostphone').click();
    await page.getByTestId('operator-reset-totp-reason').fill('lost their phone');
    await nextStep();
    await page.getByTestId('operator-reset-totp-code').fill(totpCode(funder.secret, 1));
    await page.getByTestId('operator-reset-totp-confirm').click();
    await expect.poll(() => page.getByTestId('operator-reset-totp-lostphone').isDisabled()).toBe(true);
    const operators = await apiClient(server.url, await loginOperator(server.url)).call(
      operatorEndpoints.list,
    );
    expect(operators.items.find((item) => item.id === other.id)?.totpEnabled).toBe(false);
  });

  it('logged no Content-Security-Policy violation', () => {
    expect(violations).toEqual([]);
  });
});
