import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../lib/format.ts';
import { fakeApi, json } from '../../test/fake-api.ts';
import { USER_DETAIL, USER_ID } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { UserDetailPage } from './user-detail-page.tsx';

const ENDS_AT = 1_900_000_000;
const PENDING_FROM = 1_800_000_000;

const overview = (running: boolean) => ({
  limits: [
    { kind: 'deposit_day', amount: 10_000, pending: { amount: 20_000, from: PENDING_FROM } },
    { kind: 'deposit_week', amount: null, pending: null },
    { kind: 'deposit_month', amount: null, pending: null },
    { kind: 'loss_day', amount: 5_000, pending: { amount: null, from: PENDING_FROM } },
    { kind: 'loss_week', amount: null, pending: null },
    { kind: 'loss_month', amount: null, pending: null },
    { kind: 'stake_round', amount: null, pending: null },
  ],
  usage: {
    day: { deposited: 0, loss: 0, resetsAt: ENDS_AT },
    week: { deposited: 0, loss: 0, resetsAt: ENDS_AT },
    month: { deposited: 0, loss: 0, resetsAt: ENDS_AT },
  },
  break: running ? { kind: 'exclusion_6m', endsAt: ENDS_AT } : null,
  realityCheckMinutes: null,
});

function open(running: boolean) {
  fakeApi({
    [`GET /admin/users/${USER_ID}`]: () => json(200, USER_DETAIL),
    [`GET /admin/users/${USER_ID}/play-limits`]: () => json(200, overview(running)),
  });
  renderScreen(<UserDetailPage />, { role: 'admin', path: `/users/${USER_ID}`, pattern: '/users/:id' });
}

describe('the play limits of a user', () => {
  it('shows a running self-exclusion with its end, read-only, and the limits with what is waiting', async () => {
    open(true);
    const card = await screen.findByTestId('user-play-limits');
    const status = await within(card).findByTestId('user-play-break');
    expect(status.textContent).toContain('Self-exclusion 6 months');
    expect(status.textContent).toContain(formatTime(ENDS_AT));
    expect(status.textContent).toContain('nobody can lift a break');
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(card.textContent).toContain(`$100.00 · becomes $200.00 at ${formatTime(PENDING_FROM)}`);
    expect(card.textContent).toContain(`$50.00 · removed at ${formatTime(PENDING_FROM)}`);
  });

  it('says when the user has no break', async () => {
    open(false);
    expect((await screen.findByTestId('user-play-break')).textContent).toContain('No break');
  });
});
