import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { CARD_RECHARGE_PATH, CARD_RECHARGE_RETURN_PATH, RECHARGE_RECORDS_PATH } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { FUNDING_METHODS, fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { RECHARGE_POLL_MS, RECHARGE_POLL_WINDOW_MS } from '../api/recharge-status.ts';
import { goToCheckout } from '../checkout.ts';
import CardRechargePage from './card-recharge-page.tsx';
import CardRechargeReturnPage from './card-recharge-return-page.tsx';

// Leaving for the gateway's page is a real navigation, which jsdom cannot do: that one call is recorded.
vi.mock('../checkout.ts', async (original) => ({
  ...(await original<typeof import('../checkout.ts')>()),
  goToCheckout: vi.fn(),
}));

const DEPOSIT_ID = '0b8f3c1e-1111-4a6b-9c2d-0000000000d7';
const deposit = (overrides: object = {}) => ({
  id: DEPOSIT_ID,
  reference: 'D7K3Q9ZP',
  method: 'card',
  amount: 10000,
  status: 'pending',
  depositorName: null,
  network: null,
  txHash: null,
  receiptUrl: null,
  checkoutUrl: 'http://localhost:3000/api/v1/sandbox/checkout/abc',
  rejectReason: null,
  createdAt: 1_700_000_000,
  decidedAt: null,
  ...overrides,
});

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
  vi.useRealTimers();
  vi.mocked(goToCheckout).mockClear();
});

describe('bank-card payment', () => {
  it('creates a card deposit for a quick amount and goes to the gateway page', async () => {
    const calls = fakeApi({
      'GET /funding/methods': () => json(200, FUNDING_METHODS),
      'POST /deposits': () => json(201, deposit()),
    });
    renderPage(CardRechargePage, CARD_RECHARGE_PATH);
    fireEvent.click(await screen.findByTestId('card-quick-10000'));
    expect((screen.getByTestId('card-amount') as HTMLInputElement).value).toBe('100.00');
    fireEvent.click(screen.getByTestId('card-submit'));
    await waitFor(() =>
      expect(goToCheckout).toHaveBeenCalledWith('http://localhost:3000/api/v1/sandbox/checkout/abc'),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      method: 'card',
      amount: 10000,
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
  });

  it('never follows a checkout address that is not http(s)', async () => {
    fakeApi({
      'GET /funding/methods': () => json(200, FUNDING_METHODS),
      'POST /deposits': () => json(201, deposit({ checkoutUrl: 'javascript:alert(1)' })),
    });
    renderPage(CardRechargePage, CARD_RECHARGE_PATH);
    fireEvent.input(await screen.findByTestId('card-amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('card-submit'));
    await waitFor(() => expect(screen.getByTestId('card-submit').textContent).not.toContain('Please wait'));
    expect(goToCheckout).not.toHaveBeenCalled();
  });

  it('marks the sandbox gateway payments as test payments, and not those of a real gateway', async () => {
    fakeApi({ 'GET /funding/methods': () => json(200, FUNDING_METHODS) });
    renderPage(CardRechargePage, CARD_RECHARGE_PATH);
    expect((await screen.findByTestId('test-payments')).textContent).toContain('Test payments');
    cleanup();
    fakeApi({
      'GET /funding/methods': () =>
        json(200, {
          ...FUNDING_METHODS,
          cardPayment: { available: true, provider: 'acquirer', testPayments: false },
        }),
    });
    renderPage(CardRechargePage, CARD_RECHARGE_PATH);
    await screen.findByTestId('card-submit');
    expect(screen.queryByTestId('test-payments')).toBeNull();
  });

  it('says so when card payment is unavailable', async () => {
    fakeApi({
      'GET /funding/methods': () =>
        json(200, {
          ...FUNDING_METHODS,
          cardPayment: { available: false, provider: 'sandbox', testPayments: true },
        }),
    });
    renderPage(CardRechargePage, CARD_RECHARGE_PATH);
    expect((await screen.findByTestId('card-unavailable')).textContent).toBe(
      'Card payment is not available at the moment',
    );
    expect(screen.queryByTestId('card-submit')).toBeNull();
  });
});

describe('back from the gateway', () => {
  it('waits while the payment is pending, polling every 2 s, then shows it approved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = 'pending';
    const calls = fakeApi({
      'GET /deposits': () => json(200, { items: [deposit({ status })], nextCursor: null }),
    });
    renderPage(CardRechargeReturnPage, `${CARD_RECHARGE_RETURN_PATH}?deposit=${DEPOSIT_ID}`);
    const outcome = await screen.findByTestId('card-return-status');
    await waitFor(() => expect(outcome.dataset.status).toBe('waiting'));
    expect(outcome.textContent).toContain('Please wait, confirming your payment');
    status = 'approved';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RECHARGE_POLL_MS);
    });
    await waitFor(() => expect(screen.getByTestId('card-return-status').dataset.status).toBe('approved'));
    expect(screen.getByTestId('card-return-status').textContent).toContain(
      'Payment received, your balance has been credited',
    );
    expect(calls.filter((call) => call.path === '/deposits').length).toBeGreaterThanOrEqual(2);
  });

  it('stops waiting after about a minute and points to the records', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({ 'GET /deposits': () => json(200, { items: [deposit()], nextCursor: null }) });
    renderPage(CardRechargeReturnPage, `${CARD_RECHARGE_RETURN_PATH}?deposit=${DEPOSIT_ID}`);
    await screen.findByTestId('card-return-status');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RECHARGE_POLL_WINDOW_MS);
    });
    await waitFor(() => expect(screen.getByTestId('card-return-status').dataset.status).toBe('pending'));
    expect(screen.getByTestId('card-return-status').textContent).toContain('still being confirmed');
    expect(screen.getByTestId('card-return-records').getAttribute('href')).toBe(RECHARGE_RECORDS_PATH);
  });

  it('looks the deposit up past the first page, and says when it does not exist', async () => {
    fakeApi({
      'GET /deposits': ({ query }) =>
        query.get('cursor') === null
          ? json(200, { items: [deposit({ id: '0b8f3c1e-1111-4a6b-9c2d-0000000000aa' })], nextCursor: 'c2' })
          : json(200, { items: [], nextCursor: null }),
    });
    renderPage(CardRechargeReturnPage, `${CARD_RECHARGE_RETURN_PATH}?deposit=${DEPOSIT_ID}`);
    await waitFor(() => expect(screen.getByTestId('card-return-status').dataset.status).toBe('not-found'));
    expect(screen.getByText('This payment could not be found')).toBeTruthy();
  });
});
