import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { OFFLINE_RECHARGE_PATH, RECHARGE_RECORDS_PATH } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { apiError, FUNDING_METHODS, fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import OfflineRechargePage from './offline-recharge-page.tsx';

const DEPOSIT = {
  id: '0b8f3c1e-1111-4a6b-9c2d-0000000000d1',
  reference: 'D7K3Q9ZP',
  method: 'offline',
  amount: 1050,
  status: 'pending',
  depositorName: 'Li Wei',
  network: null,
  txHash: null,
  receiptUrl: null,
  checkoutUrl: null,
  rejectReason: null,
  createdAt: 1_700_000_000,
  decidedAt: null,
};

const type = (testId: string, value: string) =>
  fireEvent.input(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('offline-submit'));
const deposits = (calls: ReturnType<typeof fakeApi>) => calls.filter((call) => call.method === 'POST');

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

describe('offline recharge page', () => {
  it('shows where to transfer: bank, account number and payee', async () => {
    fakeApi({ 'GET /funding/methods': () => json(200, FUNDING_METHODS) });
    renderPage(OfflineRechargePage, OFFLINE_RECHARGE_PATH);
    expect((await screen.findByTestId('receiving-account-number')).textContent).toBe('1234567890');
    expect(screen.getByText('HSBC')).toBeTruthy();
    expect(screen.getByText('Tradehall Ltd')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Copy/ })).toHaveLength(3);
  });

  it('says what is missing or too small, and sends nothing', async () => {
    const calls = fakeApi({ 'GET /funding/methods': () => json(200, FUNDING_METHODS) });
    renderPage(OfflineRechargePage, OFFLINE_RECHARGE_PATH);
    await screen.findByTestId('offline-amount');
    submit();
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      'Recharge amount cannot be empty',
      'Please enter the name of the recharger',
    ]);
    // The submit button ignores taps while the previous submission is still settling.
    await act(async () => {});
    type('offline-amount', '5');
    type('offline-name', 'Li Wei');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Recharge amount cannot be less than $10.00'),
    );
    expect(deposits(calls)).toHaveLength(0);
  });

  it('says "Please wait" while sending, retries a lost request with the same key, then shows the records', async () => {
    let attempts = 0;
    let release: () => void = () => {};
    const accepted = new Promise<Response>((resolve) => {
      release = () => resolve(json(201, DEPOSIT));
    });
    const calls = fakeApi({
      'GET /funding/methods': () => json(200, FUNDING_METHODS),
      // First attempt: the network drops it. Second: slow, then accepted.
      'POST /deposits': () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : accepted;
      },
    });
    const router = renderPage(OfflineRechargePage, OFFLINE_RECHARGE_PATH);
    await screen.findByTestId('offline-amount');
    type('offline-amount', '10.50');
    type('offline-name', ' Li Wei ');

    submit();
    await waitFor(() => expect(deposits(calls)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('offline-submit').textContent).not.toContain('Please wait'),
    );
    expect(router.state.location.pathname).toBe(OFFLINE_RECHARGE_PATH);

    submit();
    await waitFor(() => expect(screen.getByTestId('offline-submit').textContent).toContain('Please wait'));
    await act(async () => release());
    await waitFor(() => expect(router.state.location.pathname).toBe(RECHARGE_RECORDS_PATH));

    const [first, second] = deposits(calls).map((call) => call.body as Record<string, unknown>);
    expect(first).toEqual({
      method: 'offline',
      amount: 1050,
      depositorName: 'Li Wei',
      receiptUploadId: null,
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
    expect(second).toEqual(first);
  });

  it('starts a new submission (a new key) once the user edits the form', async () => {
    const calls = fakeApi({
      'GET /funding/methods': () => json(200, FUNDING_METHODS),
      'POST /deposits': () => apiError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable'),
    });
    renderPage(OfflineRechargePage, OFFLINE_RECHARGE_PATH);
    await screen.findByTestId('offline-amount');
    type('offline-amount', '20');
    type('offline-name', 'Li Wei');
    submit();
    await waitFor(() => expect(deposits(calls)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('offline-submit').textContent).not.toContain('Please wait'),
    );
    type('offline-amount', '25');
    submit();
    await waitFor(() => expect(deposits(calls)).toHaveLength(2));
    const keys = deposits(calls).map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("shows the server's refusal in its own words", async () => {
    fakeApi({
      'GET /funding/methods': () => json(200, FUNDING_METHODS),
      'POST /deposits': () =>
        apiError(400, 'VALIDATION_FAILED', 'Please check the highlighted fields', {
          details: [
            { path: 'depositorName', message: 'This value contains characters that are not allowed' },
          ],
        }),
    });
    renderPage(OfflineRechargePage, OFFLINE_RECHARGE_PATH);
    await screen.findByTestId('offline-amount');
    type('offline-amount', '20');
    type('offline-name', 'Li Wei');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This value contains characters that are not allowed',
    );
  });
});
