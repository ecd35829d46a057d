/**
 * The money pages explain themselves: why the withdrawable amount is lower (the turnover rule and the
 * stakes still owed), nothing to pick when there is one card, the deposit address and its QR code at
 * once, and the recharge page when /pages/recharge/chongzhi is opened without a payment.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import {
  ASSETS_PATH,
  CARD_RECHARGE_PATH,
  CARD_RECHARGE_RETURN_PATH,
  CRYPTO_RECHARGE_PATH,
  WITHDRAW_PATH,
} from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { FUNDING_METHODS, fakeApi, json, ME, renderPage } from '../../../test/fake-api.tsx';
import AssetsPage from './assets-page.tsx';
import CardRechargeReturnPage from './card-recharge-return-page.tsx';
import CryptoRechargePage from './crypto-recharge-page.tsx';
import WithdrawPage from './withdraw-page.tsx';

const CARD = {
  id: '0b8f3c1e-1111-4a6b-9c2d-00000000c001',
  bankName: 'HSBC',
  maskedNumber: '**** 7890',
  payee: 'Li Wei',
  createdAt: 1_700_000_000,
};

const ASSETS = {
  currency: 'USD',
  balance: 10_000,
  withdrawable: 0,
  held: 0,
  totalDeposited: 10_000,
  totalWithdrawn: 0,
  pendingDeposits: 0,
  pendingWithdrawals: 0,
  turnover: { multiplier: 1, totalDeposited: 10_000, totalStaked: 2_500, stakesOwed: 7_500 },
};

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  saveSession('token', { username: 'demo', id: 'u-1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('withdrawable amount', () => {
  it('on the assets page: the stakes still owed and the turnover rule, opened from the link', async () => {
    fakeApi({ 'GET /me/assets': () => json(200, ASSETS) });
    renderPage(AssetsPage, `${ASSETS_PATH}?rule=turnover`);
    expect((await screen.findByTestId('turnover-owed')).textContent).toBe(
      'Stake $75.00 more in rounds to make your whole balance withdrawable.',
    );
    expect(screen.getByText('Staked $25.00 of the $100.00 required')).toBeTruthy();
    const rule = screen.getByTestId('turnover-rule') as HTMLDetailsElement;
    expect(rule.open).toBe(true);
    expect(rule.textContent).toContain('worth 1× what you recharged');
  });

  it('says nothing when the rule is met or off', async () => {
    fakeApi({
      'GET /me/assets': () =>
        json(200, { ...ASSETS, withdrawable: 10_000, turnover: { ...ASSETS.turnover, stakesOwed: 0 } }),
    });
    renderPage(AssetsPage, ASSETS_PATH);
    await screen.findByTestId('assets-withdrawable');
    expect(screen.queryByTestId('turnover-notice')).toBeNull();
  });

  it('on the withdraw page: the stakes owed with a link to the rule; a single card is preselected', async () => {
    const calls = fakeApi({
      'GET /me': () => json(200, ME),
      'GET /me/assets': () => json(200, ASSETS),
      'GET /funding/methods': () => json(200, FUNDING_METHODS),
      'GET /bank-cards': () => json(200, { items: [CARD] }),
      'GET /wallets': () => json(200, { items: [] }),
      'POST /withdrawals': () => json(422, { error: { code: 'X', message: 'stop here' } }),
    });
    renderPage(WithdrawPage, WITHDRAW_PATH);
    await screen.findByTestId('turnover-owed');
    expect(screen.getByTestId('turnover-rule-link').getAttribute('href')).toBe(
      `${ASSETS_PATH}?rule=turnover`,
    );
    const only = screen.getByTestId(`withdraw-method-${CARD.id}`).querySelector('input') as HTMLInputElement;
    expect(only.checked).toBe(true);
    fireEvent.input(screen.getByTestId('withdraw-amount'), { target: { value: '20' } });
    const password = screen.getByTestId('withdraw-password');
    for (const key of '123456') fireEvent.keyDown(password, { key });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      destinationType: 'bank_card',
      destinationId: CARD.id,
    });
  });
});

describe('currency recharge', () => {
  it('preselects the first network: its address and QR code show at once', async () => {
    fakeApi({ 'GET /funding/methods': () => json(200, FUNDING_METHODS) });
    renderPage(CryptoRechargePage, CRYPTO_RECHARGE_PATH);
    const first = FUNDING_METHODS.cryptoNetworks[0];
    expect((await screen.findByTestId('crypto-address')).textContent).toBe(first?.address);
    const qr = (await screen.findByTestId('crypto-qr')) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
    expect(qr.dataset.address).toBe(first?.address);
    fireEvent.click(screen.getByTestId('crypto-network-USDT-ERC20'));
    await waitFor(() =>
      expect((screen.getByTestId('crypto-qr') as HTMLImageElement).dataset.address).toBe(
        FUNDING_METHODS.cryptoNetworks[1]?.address,
      ),
    );
  });
});

describe('the card recharge return page opened directly', () => {
  it('is a recharge page with the ways to recharge, not "payment not found"', async () => {
    fakeApi({ 'GET /funding/methods': () => json(200, FUNDING_METHODS) });
    renderPage(CardRechargeReturnPage, CARD_RECHARGE_RETURN_PATH);
    expect((await screen.findByTestId('topup-card')).getAttribute('href')).toBe(CARD_RECHARGE_PATH);
    expect(screen.getByTestId('topup-currency')).toBeTruthy();
    expect(screen.getByTestId('topup-offline')).toBeTruthy();
    expect(screen.queryByText('This payment could not be found')).toBeNull();
  });
});
