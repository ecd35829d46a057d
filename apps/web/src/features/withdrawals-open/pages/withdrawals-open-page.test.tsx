import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { WITHDRAWALS_OPEN_PATH } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import WithdrawalsOpenPage from './withdrawals-open-page.tsx';

const AS_OF = 1_800_000_000;
const STATS = {
  asOf: AS_OF,
  pending: { count: 3, amount: 60_000, oldestRequestedAt: AS_OF - 5_400 },
  windows: [
    { window: '24h', paid: 2, rejected: 1, medianSeconds: 9_000, p95Seconds: 10_620, rejectedShare: 1 / 3 },
    { window: '7d', paid: 3, rejected: 1, medianSeconds: 7_200, p95Seconds: 10_440, rejectedShare: 0.25 },
    { window: '30d', paid: 0, rejected: 0, medianSeconds: null, p95Seconds: null, rejectedShare: null },
  ],
  medianWait: { window: '24h', seconds: 9_000 },
};

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('withdrawals in the open', () => {
  it('shows every figure as the server computed it, and what they mean, without a login', async () => {
    const calls = fakeApi({ 'GET /withdrawals/stats': () => json(200, STATS) });
    renderPage(WithdrawalsOpenPage, WITHDRAWALS_OPEN_PATH);
    expect((await screen.findByTestId('open-pending-count')).textContent).toBe('3');
    expect(screen.getByTestId('open-pending-amount').textContent).toBe('$600.00');
    expect(screen.getByTestId('open-oldest-pending').textContent).toBe('1 h 30 min');
    expect(screen.getByTestId('open-median-24h').textContent).toBe('2 h 30 min');
    expect(screen.getByTestId('open-p95-24h').textContent).toBe('2 h 57 min');
    expect(screen.getByTestId('open-rejected-24h').textContent).toBe('33.3%');
    expect(screen.getByTestId('open-decided-24h').textContent).toBe('2 paid, 1 rejected');
    expect(screen.getByTestId('open-median-7d').textContent).toBe('2 h 0 min');
    expect(screen.getByTestId('open-rejected-7d').textContent).toBe('25.0%');
    // Nothing decided in a window: no time and no share, rather than a zero that would mislead.
    expect(screen.getByTestId('open-median-30d').textContent).toBe('—');
    expect(screen.getByTestId('open-rejected-30d').textContent).toBe('—');
    expect(screen.getByRole('heading', { name: 'What they cannot show' })).toBeTruthy();
    expect(screen.queryByTestId('open-my-median')).toBeNull();
    // A visitor who is not signed in is not asked about a queue place.
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /withdrawals/stats']);
  });

  it('shows a signed-in user each pending withdrawal’s place and the current median wait', async () => {
    saveSession('token', { username: 'demo', id: 'u-1' });
    fakeApi({
      'GET /withdrawals/stats': () => json(200, STATS),
      'GET /withdrawals/queue': () =>
        json(200, {
          asOf: AS_OF,
          pendingCount: 3,
          medianWait: { window: '24h', seconds: 9_000 },
          items: [
            {
              id: '0b8f3c1e-1111-4a6b-9c2d-000000000001',
              reference: 'W7K3Q9ZPX2',
              amount: 10_000,
              createdAt: AS_OF - 5_400,
              place: 1,
            },
          ],
        }),
    });
    renderPage(WithdrawalsOpenPage, WITHDRAWALS_OPEN_PATH);
    const place = await screen.findByTestId('open-place-W7K3Q9ZPX2');
    expect(place.textContent).toBe('Place 1 of 3');
    expect(within(place.closest('div') as HTMLElement).getByText(/W7K3Q9ZPX2 · \$100\.00/)).toBeTruthy();
    expect(screen.getByTestId('open-my-median').textContent).toBe(
      'Current median wait: 2 h 30 min (Last 24 hours)',
    );
  });
});
