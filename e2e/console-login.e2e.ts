/**
 * The operator console at desktop size: the seeded operator logs in with the image captcha and reaches
 * the shell; a wrong captcha is refused first; logging out returns to the login form.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { handleTwoFactorPrompt } from './support/console.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;

async function captchaAnswer(action: () => Promise<unknown>): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().includes('/api/v1/auth/captcha') && candidate.ok()),
    action(),
  ]);
  return response.headers()['x-test-captcha-answer'] ?? '';
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('console at 1280x800', () => {
  it('logs the demo operator in with the captcha and out again', async () => {
    const first = await captchaAnswer(() => page.goto('/console/'));
    // The image code's label names its input, so assistive tech (and a click on it) reach the field.
    expect(await page.getByLabel('Image code', { exact: true }).getAttribute('data-testid')).toBe(
      'console-captcha',
    );
    await page.getByTestId('console-account').fill('admin');
    await page.getByTestId('console-password').fill('admin12345');
    await page.getByTestId('console-captcha').fill(first === 'zzzz' ? 'yyyy' : 'zzzz');
    const fresh = await captchaAnswer(() => page.getByTestId('console-submit').click());
    await page.getByText('Incorrect captcha').first().waitFor();

    await page.getByTestId('console-captcha').fill(fresh);
    await page.getByTestId('console-submit').click();
    await expect.poll(() => page.getByTestId('console-operator').textContent()).toBe('admin (admin)');
    // Without two-factor, the first thing the operator sees is the enrolment with its QR code: money
    // decisions need it. "Later" defers it for this sign-in.
    const prompt = page.getByTestId('two-factor-prompt');
    expect(await prompt.getAttribute('data-reason')).toBe('login');
    await expect
      .poll(() => prompt.getByTestId('totp-qr').getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    expect((await prompt.getByTestId('totp-secret').textContent())?.trim()).toMatch(/^[A-Z2-7]{32}$/);
    await handleTwoFactorPrompt(page, 'later');
    // The demo's sandbox gateway: every page of the console says its card payments are test payments.
    expect(await page.getByTestId('console-test-payments').textContent()).toBe('Test payments');

    await page.getByTestId('console-logout').click();
    await page.getByTestId('console-account').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('console.token'))).toBeNull();
  });
});
