import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import {
  ADD_WALLET_PATH,
  BIND_CARD_FOR_WITHDRAWAL_PATH,
  PAYMENT_PASSWORD_PATH,
  WITHDRAW_PATH,
  WITHDRAWAL_RECORDS_PATH,
} from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { apiError, FUNDING_METHODS, fakeApi, json, ME, renderPage } from '../../../test/fake-api.tsx';
import WithdrawPage from './withdraw-page.tsx';

const CARD = {
  id: '0b8f3c1e-1111-4a6b-9c2d-00000000c001',
  bankName: 'HSBC',
  maskedNumber: '**** 7890',
  payee: 'Li Wei',
  createdAt: 1_700_000_000,
};
const WALLET = {
  id: '0b8f3c1e-1111-4a6b-9c2d-00000000a001',
  type: 'USDT-TRC20',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  maskedAddress: 'TR7NHq…gjLj6t',
  createdAt: 1_700_000_000,
};
const WITHDRAWAL = {
  id: '0b8f3c1e-1111-4a6b-9c2d-00000000e001',
  reference: 'W7K3Q9ZP',
  amount: 100050,
  status: 'pending',
  destinationType: 'bank_card',
  destinationLabel: 'HSBC **** 7890',
  paymentReference: null,
  rejectReason: null,
  createdAt: 1_700_000_000,
  decidedAt: null,
};

function server(overrides: Record<string, () => Response> = {}) {
  return fakeApi({
    'GET /me': () => json(200, ME),
    'GET /funding/methods': () => json(200, FUNDING_METHODS),
    'GET /bank-cards': () => json(200, { items: [CARD] }),
    'GET /wallets': () => json(200, { items: [WALLET] }),
    ...overrides,
  });
}

const typePassword = (digits: string) => {
  const field = screen.getByTestId('withdraw-password');
  for (const key of digits) fireEvent.keyDown(field, { key });
};
const submit = () => fireEvent.click(screen.getByTestId('withdraw-submit'));
const posts = (calls: ReturnType<typeof fakeApi>) => calls.filter((call) => call.method === 'POST');
const settle = () => act(async () => {});

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

describe('withdraw page', () => {
  it('sends a user without a payment password to set one first, with a way back', async () => {
    server({ 'GET /me': () => json(200, { ...ME, hasPaymentPassword: false }) });
    const router = renderPage(WithdrawPage, WITHDRAW_PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe(PAYMENT_PASSWORD_PATH));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(WITHDRAW_PATH);
  });

  it('shows balance, withdrawable amount and limits; "withdraw all" fills in the withdrawable amount', async () => {
    server();
    renderPage(WithdrawPage, WITHDRAW_PATH);
    expect((await screen.findByTestId('withdraw-balance')).textContent).toBe('$1,234.56');
    expect(screen.getByTestId('withdraw-withdrawable').textContent).toBe('$1,000.50');
    expect(screen.getByText('Minimum $20.00, maximum $50,000.00 per withdrawal, up to 5 a day')).toBeTruthy();
    fireEvent.click(screen.getByTestId('withdraw-all'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('1000.50');
  });

  it('says what is missing and sends nothing', async () => {
    const calls = server();
    renderPage(WithdrawPage, WITHDRAW_PATH);
    await screen.findByTestId('withdraw-amount');
    submit();
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      'Please enter the withdrawal amount',
      'Please choose a withdraw method',
      'Please enter the payment password',
    ]);
    await settle();
    fireEvent.input(screen.getByTestId('withdraw-amount'), { target: { value: '2000' } });
    submit();
    await waitFor(() =>
      expect(screen.getAllByRole('alert')[0]?.textContent).toBe(
        'The amount exceeds your withdrawable amount of $1,000.50',
      ),
    );
    expect(posts(calls)).toHaveLength(0);
  });

  it('with no card or wallet, offers to bind a card or add a wallet', async () => {
    server({
      'GET /bank-cards': () => json(200, { items: [] }),
      'GET /wallets': () => json(200, { items: [] }),
    });
    renderPage(WithdrawPage, WITHDRAW_PATH);
    await screen.findByTestId('withdraw-no-methods');
    expect(screen.getByTestId('withdraw-bind-card').getAttribute('href')).toBe(BIND_CARD_FOR_WITHDRAWAL_PATH);
    expect(screen.getByTestId('withdraw-add-wallet').getAttribute('href')).toBe(ADD_WALLET_PATH);
  });

  it('withdraws to the chosen card with the payment password, then shows the withdrawal records', async () => {
    const calls = server({ 'POST /withdrawals': () => json(201, WITHDRAWAL) });
    const router = renderPage(WithdrawPage, WITHDRAW_PATH);
    await screen.findByTestId('withdraw-amount');
    expect(screen.getByTestId(`withdraw-method-${WALLET.id}`).textContent).toContain('TR7NHq…gjLj6t');
    fireEvent.click(screen.getByTestId('withdraw-all'));
    fireEvent.click(screen.getByTestId(`withdraw-method-${CARD.id}`));
    typePassword('123456');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe(WITHDRAWAL_RECORDS_PATH));
    expect(posts(calls)[0]?.body).toEqual({
      amount: 100050,
      destinationType: 'bank_card',
      destinationId: CARD.id,
      paymentPassword: '123456',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
  });

  it('on a wrong payment password shows the server message and clears the digits; the next try is a new request', async () => {
    const calls = server({
      'POST /withdrawals': () => apiError(400, 'PAYMENT_PASSWORD_WRONG', 'The payment password is incorrect'),
    });
    renderPage(WithdrawPage, WITHDRAW_PATH);
    await screen.findByTestId('withdraw-amount');
    fireEvent.input(screen.getByTestId('withdraw-amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId(`withdraw-method-${WALLET.id}`));
    typePassword('111111');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The payment password is incorrect');
    expect(screen.getByTestId('withdraw-password').dataset.length).toBe('0');
    await settle();
    typePassword('123456');
    submit();
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    const [first, second] = posts(calls).map((call) => call.body as Record<string, unknown>);
    expect(first).toMatchObject({ destinationType: 'wallet', destinationId: WALLET.id, amount: 10000 });
    expect(second?.paymentPassword).toBe('123456');
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });
});
