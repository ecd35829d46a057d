/**
 * Withdrawals in the open at 390x844: two withdrawals requested through the API, one paid by the
 * operator; a visitor who is not signed in opens the public figures from the login page and sees one
 * pending (its amount), one paid in the last 24 hours with its time, no rejection, and what the figures
 * cannot show; the signed-in user sees their pending withdrawal's place in the queue on its record.
 */
import { adminWithdrawalEndpoints } from '@tradehall/contracts/endpoints';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiSession,
  apiClient,
  bindBankCard,
  fundUser,
  loginOperator,
  loginUser,
  registerUser,
  requestWithdrawal,
  setPaymentPassword,
} from './support/api.ts';
import { launchBrowser, PHONE, phoneContext } from './support/browser.ts';
import { enrolTwoFactor, signedInUserContext } from './support/console.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let visitor: BrowserContext;
let member: BrowserContext;
let session: ApiSession;
let pendingReference: string;
const account = `open_${Date.now().toString(36)}`;

beforeAll(async () => {
  server = await startServer({ TURNOVER_MULTIPLIER: '0' });
  await registerUser(server.url, account, 'secret123');
  session = await loginUser(server.url, account, 'secret123');
  await setPaymentPassword(server.url, session.token, '246810');
  const cardId = await bindBankCard(server.url, session.token, {
    realName: 'Eve Payer',
    bankName: 'HSBC',
    accountNumber: '6222021234567890',
  });
  const operator = await loginOperator(server.url);
  await enrolTwoFactor(server.url, operator);
  await fundUser(server.url, session.token, operator, 100_000);
  const first = await requestWithdrawal(server.url, session.token, {
    amount: 3_000,
    cardId,
    paymentPassword: '246810',
  });
  const second = await requestWithdrawal(server.url, session.token, {
    amount: 4_500,
    cardId,
    paymentPassword: '246810',
  });
  pendingReference = second.reference;
  await apiClient(server.url, operator).call(adminWithdrawalEndpoints.pay, {
    params: { id: first.id },
    body: { paymentReference: 'BANK-OPEN-1' },
  });
  browser = await launchBrowser();
  visitor = await phoneContext(browser, server.url);
  member = await signedInUserContext(browser, server.url, session);
});

afterAll(async () => {
  await visitor?.close();
  await member?.close();
  await browser?.close();
  await server?.stop();
});

describe('withdrawals in the open at 390x844', () => {
  it('shows a visitor the figures computed from the withdrawals, from the login page', async () => {
    const page = await visitor.newPage();
    await page.goto('/#/pages/login/index');
    await page.getByTestId('login-withdrawals-open').click();
    await page.getByTestId('open-pending-count').waitFor();
    expect(await page.getByTestId('open-pending-count').textContent()).toBe('1');
    expect(await page.getByTestId('open-pending-amount').textContent()).toBe('$45.00');
    expect(await page.getByTestId('open-decided-24h').textContent()).toBe('1 paid, 0 rejected');
    // Seconds here, but a loaded machine may take longer between the request and the payment.
    expect(await page.getByTestId('open-median-24h').textContent()).toMatch(
      /^(\d+ s|\d+ min|\d+ h \d+ min)$/,
    );
    expect(await page.getByTestId('open-rejected-24h').textContent()).toBe('0.0%');
    expect(await page.getByRole('heading', { name: 'What they cannot show' }).isVisible()).toBe(true);
    // Fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });

  it('shows the signed-in user their pending withdrawal’s place in the queue', async () => {
    const page = await member.newPage();
    await page.goto('/#/pages/withdraw-record/index');
    const pending = page.locator('[data-testid="record-item"][data-status="pending"]');
    await pending.waitFor();
    await pending.getByTestId('record-toggle').click();
    await expect
      .poll(() => pending.getByTestId('record-details').textContent())
      .toContain('Place in queue1 of 1');
    expect(await pending.getByTestId('record-details').textContent()).toContain(pendingReference);
    await page.getByTestId('withdrawal-records-open').click();
    await expect
      .poll(() => page.getByTestId(`open-place-${pendingReference}`).textContent())
      .toBe('Place 1 of 1');
    await page.close();
  });
});
