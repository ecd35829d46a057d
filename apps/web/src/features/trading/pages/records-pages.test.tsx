import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { INVESTMENT_RECORDS_PATH, REVENUE_RECORDS_PATH } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { position, ROOM_ID, roundId } from '../../../test/trading-fixtures.ts';
import InvestmentRecordsPage from './investment-records-page.tsx';
import RevenueRecordsPage from './revenue-records-page.tsx';

const OLD = new Date(2024, 0, 5, 14, 3, 9).getTime() / 1000;
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

describe('investment records', () => {
  it('shows issue, translated type, amount, odds, status and payout, paging on with the cursor', async () => {
    const calls = fakeApi({
      'GET /positions': ({ query }) =>
        query.get('cursor') === 'p2'
          ? json(200, {
              items: [position(3, { status: 'refunded', payout: 1000, createdAt: OLD, settledAt: OLD + 70 })],
              nextCursor: null,
            })
          : json(200, {
              items: [
                position(1, {
                  bet: { category: 'special_number', number: 13 },
                  multiplier: 1306,
                  amount: 500,
                  createdAt: OLD,
                }),
                position(2, {
                  bet: { category: 'both_sides', type: 'close_short' },
                  multiplier: 1750,
                  status: 'won',
                  payout: 17_500,
                  createdAt: OLD,
                  settledAt: OLD + 65,
                }),
              ],
              nextCursor: 'p2',
            }),
    });
    renderPage(InvestmentRecordsPage, INVESTMENT_RECORDS_PATH);
    await waitFor(() => expect(items()).toHaveLength(2));
    const [open, won] = items() as [HTMLElement, HTMLElement];
    expect(open.dataset.status).toBe('open');
    expect(within(open).getByTestId('record-bet').textContent).toBe('Special 13');
    expect(within(open).getByTestId('record-odds').textContent).toBe('x13.06');
    expect(within(open).getByTestId('record-issue').textContent).toBe('Issue 202611210001');
    expect(within(open).getByTestId('record-amount').textContent).toBe('$5.00');
    expect(within(open).getByTestId('record-status').textContent).toBe('Awaiting result');
    expect(within(open).getByTestId('record-payout').textContent).toBe('Not settled yet');
    expect(won.dataset.status).toBe('won');
    expect(within(won).getByTestId('record-bet').textContent).toBe('Close short');
    expect(within(won).getByTestId('record-status').textContent).toBe('Won');
    expect(within(won).getByTestId('record-payout').textContent).toBe('Payout $175.00');
    fireEvent.click(within(won).getByTestId('record-toggle'));
    const details = within(won).getByTestId('record-details').textContent ?? '';
    expect(details).toContain('Normal room');
    expect(details).toContain('2024.01.05 14:04:14');

    fireEvent.click(screen.getByTestId('records-load-more'));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(
      calls
        .filter((call) => call.path === '/positions')
        .at(-1)
        ?.query.get('cursor'),
    ).toBe('p2');
    expect(items()[2]?.dataset.status).toBe('refunded');
    expect(within(items()[2] as HTMLElement).getByTestId('record-status').textContent).toBe('Refunded');
  });
});

describe('revenue records', () => {
  it('shows profit and loss per round, colored, with what was staked and paid out', async () => {
    const entry = (n: number, staked: number, payout: number) => ({
      roundId: roundId(n),
      issue: `20261121000${n}`,
      roomId: ROOM_ID,
      tier: 'vip',
      staked,
      payout,
      profit: payout - staked,
      settledAt: OLD,
    });
    fakeApi({
      'GET /revenue': () =>
        json(200, {
          items: [entry(3, 2000, 3920), entry(2, 5000, 0), entry(1, 1000, 1000)],
          nextCursor: null,
        }),
    });
    renderPage(RevenueRecordsPage, REVENUE_RECORDS_PATH);
    await waitFor(() => expect(items()).toHaveLength(3));
    const [profit, loss, even] = items() as [HTMLElement, HTMLElement, HTMLElement];
    expect(profit.dataset.status).toBe('profit');
    expect(within(profit).getByText('VIP room · issue 202611210003')).toBeTruthy();
    expect(within(profit).getByTestId('record-amount').textContent).toBe('+$19.20');
    expect(within(profit).getByTestId('record-amount').className).toContain('--in');
    expect(within(profit).getByText('Staked $20.00, paid out $39.20')).toBeTruthy();
    expect(loss.dataset.status).toBe('loss');
    expect(within(loss).getByTestId('record-amount').textContent).toBe('-$50.00');
    expect(within(loss).getByTestId('record-amount').className).toContain('--out');
    expect(even.dataset.status).toBe('even');
    expect(within(even).getByTestId('record-amount').textContent).toBe('$0.00');
    expect(within(even).getByText('2024.01.05 14:03:09')).toBeTruthy();
  });
});
