import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { nowSeconds } from '@tradehall/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import {
  RECHARGE_RECORDS_PATH,
  TRANSACTION_RECORDS_PATH,
  WITHDRAWAL_RECORDS_PATH,
} from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { apiError, fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import RechargeRecordsPage from './recharge-records-page.tsx';
import TransactionRecordsPage from './transaction-records-page.tsx';
import WithdrawalRecordsPage from './withdrawal-records-page.tsx';

const uuid = (n: number) => `0b8f3c1e-1111-4a6b-9c2d-${String(n).padStart(12, '0')}`;
const OLD = new Date(2024, 0, 5, 14, 3, 9).getTime() / 1000;

function deposit(n: number, overrides: object = {}) {
  return {
    id: uuid(n),
    reference: `D${n}`,
    method: 'offline',
    amount: n * 1000,
    status: 'pending',
    depositorName: `Sender ${n}`,
    network: null,
    txHash: null,
    receiptUrl: null,
    checkoutUrl: null,
    rejectReason: null,
    createdAt: OLD,
    decidedAt: null,
    ...overrides,
  };
}

const items = () => screen.getAllByTestId('record-item');

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

describe('recharge records', () => {
  it('renders the first page, then asks for the next one with its cursor and appends it', async () => {
    const calls = fakeApi({
      'GET /deposits': ({ query }) =>
        query.get('cursor') === 'c2'
          ? json(200, {
              items: [deposit(3, { status: 'rejected', rejectReason: 'No transfer received' })],
              nextCursor: null,
            })
          : json(200, {
              items: [deposit(1, { status: 'approved', decidedAt: OLD + 60 }), deposit(2)],
              nextCursor: 'c2',
            }),
    });
    renderPage(RechargeRecordsPage, RECHARGE_RECORDS_PATH);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(calls[0]?.query.get('cursor')).toBeNull();
    expect(calls[0]?.query.get('limit')).toBe('20');

    const first = items()[0] as HTMLElement;
    expect(first.dataset.status).toBe('approved');
    expect(within(first).getByText('Sender 1')).toBeTruthy();
    expect(within(first).getByTestId('record-amount').textContent).toBe('$10.00');
    expect(within(first).getByTestId('record-status').textContent).toBe('Approved');
    expect(within(first).getByText('2024.01.05 14:03:09')).toBeTruthy();

    fireEvent.click(screen.getByTestId('records-load-more'));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(calls.at(-1)?.query.get('cursor')).toBe('c2');
    expect(items().map((item) => item.dataset.status)).toEqual(['approved', 'pending', 'rejected']);
    expect(screen.getByText('No more records')).toBeTruthy();

    // The detail view: reference, method, reason.
    fireEvent.click(within(items()[2] as HTMLElement).getByTestId('record-toggle'));
    const details = within(items()[2] as HTMLElement).getByTestId('record-details');
    expect(details.textContent).toContain('D3');
    expect(details.textContent).toContain('Offline transfer');
    expect(details.textContent).toContain('No transfer received');
  });

  it('says "just now" for a recent one, and names the method when there is no sender', async () => {
    fakeApi({
      'GET /deposits': () =>
        json(200, {
          items: [deposit(1, { method: 'crypto', depositorName: null, createdAt: nowSeconds() - 30 })],
          nextCursor: null,
        }),
    });
    renderPage(RechargeRecordsPage, RECHARGE_RECORDS_PATH);
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.getByText('Currency')).toBeTruthy();
    expect(screen.getByText('just now')).toBeTruthy();
  });

  it('has an empty state', async () => {
    fakeApi({ 'GET /deposits': () => json(200, { items: [], nextCursor: null }) });
    renderPage(RechargeRecordsPage, RECHARGE_RECORDS_PATH);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No records yet');
  });

  it('has an error state with a retry', async () => {
    let fail = true;
    fakeApi({
      'GET /deposits': () =>
        fail
          ? apiError(403, 'FORBIDDEN', 'You are not allowed to do this')
          : json(200, { items: [deposit(1)], nextCursor: null }),
    });
    renderPage(RechargeRecordsPage, RECHARGE_RECORDS_PATH);
    expect((await screen.findByTestId('load-failed')).textContent).toContain(
      'You are not allowed to do this',
    );
    fail = false;
    fireEvent.click(screen.getByTestId('load-failed-retry'));
    await waitFor(() => expect(items()).toHaveLength(1));
  });
});

describe('withdrawal records', () => {
  it('shows amount, destination and status, with the payment reference in the details', async () => {
    fakeApi({
      'GET /withdrawals': () =>
        json(200, {
          items: [
            {
              id: uuid(9),
              reference: 'W9',
              amount: 250000,
              status: 'paid',
              destinationType: 'bank_card',
              destinationLabel: 'HSBC **** 7890',
              paymentReference: 'BANK-REF-1',
              rejectReason: null,
              createdAt: OLD,
              decidedAt: OLD + 3600,
            },
          ],
          nextCursor: null,
        }),
    });
    renderPage(WithdrawalRecordsPage, WITHDRAWAL_RECORDS_PATH);
    await waitFor(() => expect(items()).toHaveLength(1));
    const item = items()[0] as HTMLElement;
    expect(item.dataset.status).toBe('paid');
    expect(within(item).getByText('HSBC **** 7890')).toBeTruthy();
    expect(within(item).getByTestId('record-amount').textContent).toBe('$2,500.00');
    expect(within(item).getByTestId('record-status').textContent).toBe('Paid');
    fireEvent.click(within(item).getByTestId('record-toggle'));
    expect(within(item).getByTestId('record-details').textContent).toContain('BANK-REF-1');
  });

  it('shows a pending withdrawal’s place in the queue and the current median wait', async () => {
    fakeApi({
      'GET /withdrawals': () =>
        json(200, {
          items: [
            {
              id: uuid(8),
              reference: 'W8',
              amount: 5000,
              status: 'pending',
              destinationType: 'bank_card',
              destinationLabel: 'HSBC **** 7890',
              paymentReference: null,
              rejectReason: null,
              createdAt: OLD,
              decidedAt: null,
            },
          ],
          nextCursor: null,
        }),
      'GET /withdrawals/queue': () =>
        json(200, {
          asOf: OLD + 600,
          pendingCount: 7,
          medianWait: { window: '7d', seconds: 5400 },
          items: [{ id: uuid(8), reference: 'W8', amount: 5000, createdAt: OLD, place: 4 }],
        }),
    });
    renderPage(WithdrawalRecordsPage, WITHDRAWAL_RECORDS_PATH);
    await waitFor(() => expect(items()).toHaveLength(1));
    const item = items()[0] as HTMLElement;
    fireEvent.click(within(item).getByTestId('record-toggle'));
    await waitFor(() =>
      expect(within(item).getByTestId('record-details').textContent).toContain('Place in queue4 of 7'),
    );
    expect(within(item).getByTestId('record-details').textContent).toContain('Current median wait1 h 30 min');
  });
});

describe('transaction records', () => {
  it('names each transfer by its code and shows money in and out with its sign', async () => {
    fakeApi({
      'GET /transactions': () =>
        json(200, {
          items: [
            {
              id: 't2',
              code: 'withdrawal_hold',
              amount: -5000,
              balanceAfter: 5000,
              purpose: { type: 'withdrawal', reference: 'W2', destinationLabel: 'HSBC **** 7890' },
              refType: 'withdrawal',
              refId: uuid(2),
              createdAt: OLD,
            },
            {
              id: 't1',
              code: 'deposit',
              amount: 10000,
              balanceAfter: 10000,
              purpose: { type: 'deposit', reference: 'D1', method: 'offline' },
              refType: 'deposit',
              refId: uuid(1),
              createdAt: OLD,
            },
          ],
          nextCursor: null,
        }),
    });
    renderPage(TransactionRecordsPage, TRANSACTION_RECORDS_PATH);
    await waitFor(() => expect(items()).toHaveLength(2));
    const [hold, credit] = items() as [HTMLElement, HTMLElement];
    expect(hold.dataset.code).toBe('withdrawal_hold');
    expect(within(hold).getByText('Withdrawal requested')).toBeTruthy();
    expect(within(hold).getByTestId('record-amount').textContent).toBe('-$50.00');
    expect(within(hold).getByTestId('record-amount').className).toContain('--out');
    expect(within(credit).getByText('Recharge')).toBeTruthy();
    expect(within(credit).getByTestId('record-amount').textContent).toBe('+$100.00');
    expect(within(credit).getByTestId('record-amount').className).toContain('--in');
    // What each line was for, and the balance it left.
    expect(within(hold).getByTestId('transaction-purpose').textContent).toBe('To HSBC **** 7890 · W2');
    expect(within(hold).getByTestId('transaction-balance-after').textContent).toBe('Balance after: $50.00');
    expect(within(credit).getByTestId('transaction-purpose').textContent).toBe('Offline transfer · D1');
  });

  it('shows a won position as one payout line: position, round, room, stake and winnings', async () => {
    fakeApi({
      'GET /transactions': () =>
        json(200, {
          items: [
            {
              id: 't9',
              code: 'payout',
              amount: 1960,
              balanceAfter: 10960,
              purpose: {
                type: 'position',
                positionId: uuid(9),
                roundId: uuid(8),
                issue: '20240105-0042',
                tier: 'vip',
                betCategory: 'both_sides',
                betType: 'long',
                betNumber: null,
                stake: 1000,
              },
              refType: 'position',
              refId: uuid(9),
              createdAt: OLD,
            },
          ],
          nextCursor: null,
        }),
    });
    renderPage(TransactionRecordsPage, TRANSACTION_RECORDS_PATH);
    await waitFor(() => expect(items()).toHaveLength(1));
    const line = items()[0] as HTMLElement;
    expect(within(line).getByTestId('record-amount').textContent).toBe('+$19.60');
    expect(within(line).getByTestId('transaction-purpose').textContent).toBe(
      'Long · Issue 20240105-0042 · VIP room',
    );
    expect(within(line).getByTestId('transaction-balance-after').textContent).toBe('Balance after: $109.60');
    fireEvent.click(within(line).getByTestId('record-toggle'));
    const details = within(line).getByTestId('record-details').textContent ?? '';
    expect(details).toContain('2024.01.05 14:03:09');
    expect(details).toContain('Stake returned$10.00');
    expect(details).toContain('Winnings$9.60');
  });
});
