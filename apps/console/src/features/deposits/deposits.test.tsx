import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, heldAnswer, json, writes } from '../../test/fake-api.ts';
import { DEPOSIT } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { DepositDrawer } from './deposit-drawer.tsx';
import { DepositsPage } from './deposits-page.tsx';

const DEPOSIT_PATH = `/admin/deposits/${DEPOSIT.id}`;
const openDrawer = () => renderScreen(<DepositDrawer id={DEPOSIT.id} onClose={() => undefined} />);

describe('deposit queue', () => {
  it('asks for the pending deposits first and lists them with their amounts; Review opens one', async () => {
    const calls = fakeApi({
      'GET /admin/deposits': () => json(200, { items: [DEPOSIT], nextCursor: null }),
      [`GET ${DEPOSIT_PATH}`]: () => json(200, DEPOSIT),
    });
    renderScreen(<DepositsPage />);
    const row = (await screen.findByText('D7K3Q9ZP')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('$1,234.56')).toBeTruthy();
    expect(within(row).getByTestId('status-tag').dataset.status).toBe('pending');
    const list = calls.find((call) => call.path === '/admin/deposits');
    expect(list?.query.get('status')).toBe('pending');
    expect(list?.query.get('method')).toBeNull();
    fireEvent.click(within(row).getByTestId('deposit-review'));
    expect((await screen.findByTestId('deposit-detail')).dataset.status).toBe('pending');
  });
});

describe('deposit review', () => {
  it('approves only after the confirm step names the amount and the account, and sends the approval once', async () => {
    const calls = fakeApi({
      [`GET ${DEPOSIT_PATH}`]: () => json(200, DEPOSIT),
      [`POST ${DEPOSIT_PATH}/approve`]: () =>
        json(200, { ...DEPOSIT, status: 'approved', decidedAt: 1_700_000_100 }),
    });
    openDrawer();
    fireEvent.click(await screen.findByTestId('deposit-approve'));
    expect(await screen.findByText('Credit $1,234.56 to alice?')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('deposit-approve-confirm'));
    expect(await screen.findByText('Deposit approved: the user has been credited')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'POST', path: `${DEPOSIT_PATH}/approve` }),
    ]);
  });

  it('keeps both decisions disabled while the approval is under way, and shows the server’s refusal', async () => {
    const answer = heldAnswer();
    fakeApi({
      [`GET ${DEPOSIT_PATH}`]: () => json(200, DEPOSIT),
      [`POST ${DEPOSIT_PATH}/approve`]: answer.handler,
    });
    openDrawer();
    fireEvent.click(await screen.findByTestId('deposit-approve'));
    fireEvent.click(await screen.findByTestId('deposit-approve-confirm'));
    await waitFor(() => expect(screen.getByTestId('deposit-reject').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('deposit-approve').hasAttribute('disabled')).toBe(true);
    await act(async () => answer.release(apiError(409, 'NOT_PENDING', 'This deposit was already decided')));
    expect(await screen.findByText('This deposit was already decided')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('deposit-reject').hasAttribute('disabled')).toBe(false));
  });

  it('rejects with the reason the operator typed (required, trimmed)', async () => {
    const calls = fakeApi({
      [`GET ${DEPOSIT_PATH}`]: () => json(200, DEPOSIT),
      [`POST ${DEPOSIT_PATH}/reject`]: () =>
        json(200, {
          ...DEPOSIT,
          status: 'rejected',
          rejectReason: 'No money arrived',
          decidedAt: 1_700_000_100,
        }),
    });
    openDrawer();
    fireEvent.click(await screen.findByTestId('deposit-reject'));
    fireEvent.click(await screen.findByTestId('deposit-reject-dialog-confirm'));
    expect(await screen.findByText('Please give a reason')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('deposit-reject-dialog-reason'), {
      target: { value: '  No money arrived  ' },
    });
    fireEvent.click(screen.getByTestId('deposit-reject-dialog-confirm'));
    expect(await screen.findByText('Deposit rejected')).toBeTruthy();
    expect(writes(calls).map((call) => call.body)).toEqual([{ reason: 'No money arrived' }]);
  });

  it('offers no decision on a deposit that is no longer pending', async () => {
    fakeApi({
      [`GET ${DEPOSIT_PATH}`]: () =>
        json(200, { ...DEPOSIT, status: 'rejected', rejectReason: 'Duplicate', decidedAt: 1_700_000_100 }),
    });
    openDrawer();
    expect((await screen.findByTestId('deposit-detail')).dataset.status).toBe('rejected');
    expect(screen.getByText('Duplicate')).toBeTruthy();
    expect(screen.queryByTestId('deposit-approve')).toBeNull();
    expect(screen.queryByTestId('deposit-reject')).toBeNull();
  });
});
