/**
 * Money, end to end at 390x844: an offline top-up made in the app, approved by the operator through the
 * admin API, shows in the balance; the user binds a bank card, withdraws with the payment password; the
 * operator pays it; every record page shows each step. The server runs with TURNOVER_MULTIPLIER=0:
 * trading (which meets the turnover rule) arrives with the trading issue.
 */

import {
  accountEndpoints,
  adminDepositEndpoints,
  adminWithdrawalEndpoints,
  bankCardEndpoints,
  ledgerEndpoints,
} from '@tradehall/contracts/endpoints';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiClient, loginOperator, loginUser, registerUser } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { enrolTwoFactor, signedInUserContext } from './support/console.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let session: ApiSession;
let operator: string;
const account = `money_${Date.now().toString(36)}`;

const statuses = () =>
  page
    .getByTestId('record-item')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
const codes = () =>
  page.getByTestId('record-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-code')));

beforeAll(async () => {
  server = await startServer({ TURNOVER_MULTIPLIER: '0' });
  await registerUser(server.url, account, 'secret123');
  session = await loginUser(server.url, account, 'secret123');
  await apiClient(server.url, session.token).call(accountEndpoints.setPaymentPassword, {
    body: { paymentPassword: '246810', confirmPaymentPassword: '246810' },
  });
  operator = await loginOperator(server.url);
  // Approving and paying take an operator with two-factor on.
  await enrolTwoFactor(server.url, operator);
  browser = await launchBrowser();
  context = await signedInUserContext(browser, server.url, session);
  page = await context.newPage();
  // A decided deposit or a settled round pops up the Reminder modal (spec §7): confirm it when it is in the way.
  await page.addLocatorHandler(page.getByTestId('reminder-content'), async () => {
    await page.getByRole('button', { name: 'Confirm' }).click();
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('money at 390x844', () => {
  it('tops up offline; the record shows pending', async () => {
    // The demo's card gateway is the sandbox: the top-up page says its payments are test payments.
    await page.goto('/#/pages/recharge/chongzhi1');
    expect(await page.getByTestId('test-payments').textContent()).toContain('Test payments');
    await page.goto('/#/pages/recharge/index');
    await page.getByTestId('offline-submit').click();
    await expect.poll(() => page.getByText('Recharge amount cannot be empty').first().isVisible()).toBe(true);
    await page.getByTestId('offline-amount').fill('5');
    await page.getByTestId('offline-name').fill('Eve Payer');
    await page.getByTestId('offline-submit').click();
    await expect
      .poll(() => page.getByText('Recharge amount cannot be less than $10.00').first().isVisible())
      .toBe(true);
    await page.getByTestId('offline-amount').fill('100');
    await page.getByTestId('offline-submit').click();
    await page.waitForURL(/#\/pages\/recharge-record\/index/);
    await expect.poll(statuses).toEqual(['pending']);
  });

  it('shows the new balance once the operator approves', async () => {
    const pending = await apiClient(server.url, operator).call(adminDepositEndpoints.list, {
      query: { status: 'pending' },
    });
    const mine = pending.items.filter((deposit) => deposit.account === account);
    expect(mine).toHaveLength(1);
    await apiClient(server.url, operator).call(adminDepositEndpoints.approve, {
      params: { id: mine[0]?.id ?? '' },
    });
    await page.goto('/#/pages/mine/index');
    await expect.poll(() => page.getByTestId('mine-balance').textContent()).toBe('$100.00');
    await page.goto('/#/pages/recharge-record/index');
    await expect.poll(statuses).toEqual(['approved']);
  });

  it('binds a bank card in the holder’s own name', async () => {
    await page.goto('/#/pages/add-bank-card/index');
    await page.getByTestId('bankcard-realname').fill('Eve Holder');
    await page.getByTestId('bankcard-bank').fill('HSBC');
    await page.getByTestId('bankcard-number').fill('6222 0212 3456 7890');
    await page.getByTestId('bankcard-payee').fill('Eve Holder');
    await page.getByTestId('bankcard-submit').click();
    await page.waitForURL(/#\/pages\/mine\/qianbaokh/);
    await expect.poll(() => page.getByTestId('bankcard-masked').first().textContent()).toContain('7890');
  });

  it('withdraws with the payment password; the operator pays it', async () => {
    const cards = await apiClient(server.url, session.token).call(bankCardEndpoints.list);
    const cardId = cards.items[0]?.id ?? '';
    await page.goto('/#/pages/withdraw/index');
    await page.getByTestId('withdraw-amount').fill('30');
    await page.getByTestId(`withdraw-method-${cardId}`).click();
    await page.getByTestId('withdraw-password').click();
    await page.keyboard.type('246810');
    await page.getByTestId('withdraw-submit').click();
    await page.waitForURL(/#\/pages\/withdraw-record\/index/);
    await expect.poll(statuses).toEqual(['pending']);

    const pending = await apiClient(server.url, operator).call(adminWithdrawalEndpoints.list, {
      query: { status: 'pending' },
    });
    const withdrawal = pending.items.find((item) => item.account === account);
    await apiClient(server.url, operator).call(adminWithdrawalEndpoints.pay, {
      params: { id: withdrawal?.id ?? '' },
      body: { paymentReference: 'BANK-REF-0001' },
    });
    await page.reload();
    await expect.poll(statuses).toEqual(['paid']);
  });

  it('shows every step in the transaction records and the balance', async () => {
    await page.goto('/#/pages/transaction-record/index');
    await expect.poll(codes).toEqual(['withdrawal_hold', 'deposit']);
    await page.goto('/#/pages/mine/index');
    await expect.poll(() => page.getByTestId('mine-balance').textContent()).toBe('$70.00');
    const audit = await apiClient(server.url, operator).call(ledgerEndpoints.audit);
    expect(audit.ok).toBe(true);
  });
});
