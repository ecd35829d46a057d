/**
 * Money through the console at 1280x800, with the user's phone browser open beside it: the user tops up
 * offline in the web app with a receipt, the operator sees the receipt and approves the top-up from the
 * deposit queue (a double click credits once), and the balance changes on the user's screen without a
 * reload; then a withdrawal the user requested is marked paid with a payment reference and shows as paid
 * in both browsers.
 */
import { adminAuditEndpoints } from '@tradehall/contracts/endpoints';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiSession,
  apiClient,
  bindBankCard,
  requestWithdrawal,
  setPaymentPassword,
} from './support/api.ts';
import { closeDrawer, openSection } from './support/console.ts';
import { type ConsoleBesidePhone, openConsoleBesidePhone } from './support/console-beside-phone.ts';
import type { RunningServer } from './support/server.ts';

let server: RunningServer;
let scene: ConsoleBesidePhone;
let console_: Page;
let phone: Page;
let session: ApiSession;
const account = `cmoney_${Date.now().toString(36)}`;

const recordStatuses = () =>
  phone
    .getByTestId('record-item')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
/** A 1x1 PNG: the receipt the user attaches to the top-up. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The queue's table row (not the detail drawer's table) naming this reference. */
const rowOf = (reference: string) => console_.locator('tr.ant-table-row', { hasText: reference });

beforeAll(async () => {
  scene = await openConsoleBesidePhone({ account, password: 'secret123', env: { TURNOVER_MULTIPLIER: '0' } });
  ({ server, session, phone, console: console_ } = scene);
  await setPaymentPassword(server.url, session.token, '246810');
});

afterAll(async () => {
  await scene?.close();
});

describe('console money at 1280x800 beside the user at 390x844', () => {
  it('approves the offline top-up the user made; their balance changes on screen', async () => {
    await phone.goto('/#/pages/recharge/index');
    await phone.getByTestId('offline-amount').fill('100');
    await phone.getByTestId('offline-name').fill('Eve Payer');
    const uploaded = phone.waitForResponse(
      (response) => response.url().endsWith('/api/v1/uploads') && response.ok(),
    );
    await phone
      .getByTestId('offline-receipt')
      .locator('input[type=file]')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
    await uploaded;
    await phone.getByTestId('offline-submit').click();
    await phone.waitForURL(/#\/pages\/recharge-record\/index/);
    await phone.goto('/#/pages/mine/index');
    await expect.poll(() => phone.getByTestId('mine-balance').textContent()).toBe('$0.00');

    await openSection(console_, 'deposits');
    const row = console_.locator('tr.ant-table-row', { hasText: account });
    await expect.poll(() => row.getByTestId('status-tag').getAttribute('data-status')).toBe('pending');
    await row.getByTestId('deposit-review').click();
    // The receipt is served to operators by bearer token: fetched with it and shown from a blob.
    const receipt = console_.getByTestId('deposit-receipt').locator('img');
    await expect.poll(() => receipt.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => receipt.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    await console_.getByTestId('deposit-approve').click();
    // An impatient double click on the confirmation sends one approval.
    await console_.getByTestId('deposit-approve-confirm').dblclick();
    await expect
      .poll(() => console_.getByTestId('deposit-detail').getAttribute('data-status'))
      .toBe('approved');
    await console_.getByText('Deposit approved').first().waitFor();
    await closeDrawer(console_, 'deposit-detail');

    // No reload on the phone: the balance arrives as it changes.
    await expect
      .poll(() => phone.getByTestId('mine-balance').textContent(), { timeout: 15_000 })
      .toBe('$100.00');

    // The console's own session: its operator enrolled two-factor when signing in, so a fresh API login
    // would need a code.
    const operator = (await console_.evaluate(() => sessionStorage.getItem('console.token'))) ?? '';
    const audit = await apiClient(server.url, operator).call(adminAuditEndpoints.list, {
      query: { action: 'deposit.approve' },
    });
    expect(audit.items).toHaveLength(1);
  });

  it('marks a withdrawal paid with a payment reference; both browsers show it paid', async () => {
    const cardId = await bindBankCard(server.url, session.token, {
      realName: 'Eve Holder',
      bankName: 'HSBC',
      accountNumber: '6222021234567890',
    });
    const withdrawal = await requestWithdrawal(server.url, session.token, {
      amount: 3000,
      cardId,
      paymentPassword: '246810',
    });
    await phone.goto('/#/pages/withdraw-record/index');
    await expect.poll(recordStatuses).toEqual(['pending']);

    await openSection(console_, 'withdrawals');
    await rowOf(withdrawal.reference).getByTestId('withdrawal-review').click();
    await expect.poll(() => console_.getByTestId('withdrawal-detail').textContent()).toContain('7890');
    await console_.getByTestId('withdrawal-pay').click();
    await console_.getByTestId('withdrawal-pay-confirm').click();
    await console_.getByText('Please enter the payment reference').first().waitFor();
    await console_.getByTestId('withdrawal-pay-reference').fill('BANK-REF-0042');
    await console_.getByTestId('withdrawal-pay-confirm').click();
    await expect
      .poll(() => console_.getByTestId('withdrawal-detail').getAttribute('data-status'))
      .toBe('paid');
    expect(await console_.getByTestId('withdrawal-detail').textContent()).toContain('BANK-REF-0042');

    // The queue: gone from pending, listed under paid.
    await closeDrawer(console_, 'withdrawal-detail');
    await expect.poll(() => rowOf(withdrawal.reference).count(), { timeout: 10_000 }).toBe(0);
    await console_.getByTestId('withdrawal-status-filter').click();
    await console_.locator('.ant-select-item-option[title="paid"]').click();
    await expect
      .poll(() => rowOf(withdrawal.reference).getByTestId('status-tag').getAttribute('data-status'))
      .toBe('paid');

    await expect.poll(recordStatuses, { timeout: 15_000 }).toEqual(['paid']);
    await phone.goto('/#/pages/mine/index');
    await expect.poll(() => phone.getByTestId('mine-balance').textContent()).toBe('$70.00');
  });
});
