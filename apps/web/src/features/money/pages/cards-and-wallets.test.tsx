import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import {
  ADD_WALLET_PATH,
  BIND_CARD_FOR_WITHDRAWAL_PATH,
  BIND_CARD_PATH,
  WALLETS_PATH,
  WITHDRAW_PATH,
} from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { apiError, fakeApi, json, ME, renderPage } from '../../../test/fake-api.tsx';
import AddWalletPage from './add-wallet-page.tsx';
import BindCardPage from './bind-card-page.tsx';

const CARD = {
  id: '0b8f3c1e-1111-4a6b-9c2d-00000000c001',
  bankName: 'HSBC',
  maskedNumber: '**** 7890',
  payee: 'Li Wei',
  createdAt: 1_700_000_000,
};

const type = (testId: string, value: string) =>
  fireEvent.input(screen.getByTestId(testId), { target: { value } });
const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
const writes = (calls: ReturnType<typeof fakeApi>) => calls.filter((call) => call.method !== 'GET');

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

describe('bind bank card', () => {
  it('asks a user without a real name for it, sets it once, then binds the card in that name', async () => {
    let realName: string | null = null;
    const calls = fakeApi({
      'GET /me': () => json(200, { ...ME, realName }),
      'PUT /me/real-name': ({ body }) => {
        realName = (body as { realName: string }).realName;
        // The server answers with the account as it now is.
        return json(200, { ...ME, realName });
      },
      'POST /bank-cards': () => json(201, CARD),
    });
    const router = renderPage(BindCardPage, BIND_CARD_FOR_WITHDRAWAL_PATH);
    await screen.findByTestId('bankcard-realname');
    fireEvent.click(screen.getByTestId('bankcard-submit'));
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      'Real name required',
      'Please enter the bank name',
      'Please enter the account number',
      'Please enter the payee',
    ]);

    type('bankcard-realname', 'Li Wei');
    expect(value('bankcard-payee')).toBe('Li Wei');
    type('bankcard-bank', 'HSBC');
    type('bankcard-number', '6222-0212-3456-7890');
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0));
    fireEvent.click(screen.getByTestId('bankcard-submit'));
    // Opened directly (nothing to go back to): `indexs` returns to the withdraw page.
    await waitFor(() => expect(router.state.location.pathname).toBe(WITHDRAW_PATH));
    expect(writes(calls).map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', '/me/real-name', { realName: 'Li Wei' }],
      ['POST', '/bank-cards', { bankName: 'HSBC', accountNumber: '6222021234567890', payee: 'Li Wei' }],
    ]);
  });

  it('prefills the payee with the real name already set, and shows the server refusing another holder', async () => {
    const calls = fakeApi({
      'GET /me': () => json(200, ME),
      'POST /bank-cards': () =>
        apiError(
          400,
          'PAYEE_MISMATCH',
          'The card must belong to the account holder: the payee must be your real name',
        ),
    });
    const router = renderPage(BindCardPage, BIND_CARD_PATH);
    await screen.findByTestId('bankcard-bank');
    expect(screen.queryByTestId('bankcard-realname')).toBeNull();
    expect(value('bankcard-payee')).toBe('Li Wei');
    type('bankcard-bank', 'HSBC');
    type('bankcard-number', '62220212345678');
    fireEvent.click(screen.getByTestId('bankcard-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The card must belong to the account holder: the payee must be your real name',
    );
    expect(writes(calls)).toHaveLength(1);
    expect(router.state.location.pathname).toBe(BIND_CARD_PATH);
  });
});

describe('add wallet address', () => {
  it('wants a type chosen and an address valid for it', async () => {
    const calls = fakeApi({
      'POST /wallets': () =>
        json(201, {
          id: '0b8f3c1e-1111-4a6b-9c2d-00000000a001',
          type: 'USDT-ERC20',
          address: '0x52908400098527886E0F7030069857D2E4169EE7',
          maskedAddress: '0x5290…169EE7',
          createdAt: 1_700_000_000,
        }),
    });
    const router = renderPage(AddWalletPage, ADD_WALLET_PATH);
    fireEvent.click(await screen.findByTestId('wallet-submit'));
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      'Please choose a wallet type',
      'Please enter the wallet address',
    ]);
    fireEvent.click(screen.getByTestId('wallet-type-USDT-ERC20'));
    type('wallet-address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0));
    fireEvent.click(screen.getByTestId('wallet-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This is not a valid address for the chosen wallet type',
    );
    type('wallet-address', '0x52908400098527886E0F7030069857D2E4169EE7');
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0));
    fireEvent.click(screen.getByTestId('wallet-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(WALLETS_PATH));
    expect(calls.filter((call) => call.method === 'POST')[0]?.body).toEqual({
      type: 'USDT-ERC20',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
  });
});
