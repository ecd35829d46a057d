import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, heldAnswer, json, writes } from '../../test/fake-api.ts';
import { WITHDRAWAL } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { WithdrawalDrawer } from './withdrawal-drawer.tsx';
import { WithdrawalsPage } from './withdrawals-page.tsx';

const WITHDRAWAL_PATH = `/admin/withdrawals/${WITHDRAWAL.id}`;
const openDrawer = () => renderScreen(<WithdrawalDrawer id={WITHDRAWAL.id} onClose={() => undefined} />);
const PAID = { ...WITHDRAWAL, status: 'paid', paymentReference: 'TX-889', decidedAt: 1_700_000_100 };

describe('withdrawal queue', () => {
  it('asks for the pending withdrawals first, lists amount and destination, and filters by method', async () => {
    const calls = fakeApi({
      'GET /admin/withdrawals': () => json(200, { items: [WITHDRAWAL], nextCursor: null }),
    });
    renderScreen(<WithdrawalsPage />);
    const row = (await screen.findByText('W7K3Q9ZP')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('$1,000.50')).toBeTruthy();
    expect(within(row).getByText('HSBC **** 7890')).toBeTruthy();
    expect(calls[0]?.query.get('status')).toBe('pending');
    expect(calls[0]?.query.get('limit')).toBe('50');
  });
});

describe('withdrawal review', () => {
  it('tells the operator what to send where, requires the payment reference, and sends it trimmed', async () => {
    const calls = fakeApi({
      [`GET ${WITHDRAWAL_PATH}`]: () => json(200, WITHDRAWAL),
      [`POST ${WITHDRAWAL_PATH}/pay`]: () => json(200, PAID),
    });
    openDrawer();
    fireEvent.click(await screen.findByTestId('withdrawal-pay'));
    expect(
      await screen.findByText('Confirm you have sent $1,000.50 to HSBC 1234567890 Alice Tan.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('withdrawal-pay-confirm'));
    expect(await screen.findByText('Please enter the payment reference of the transfer')).toBeTruthy();
    fireEvent.change(screen.getByTestId('withdrawal-pay-reference'), { target: { value: 'x'.repeat(201) } });
    fireEvent.click(screen.getByTestId('withdrawal-pay-confirm'));
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('withdrawal-pay-reference'), { target: { value: ' TX-889 ' } });
    fireEvent.click(screen.getByTestId('withdrawal-pay-confirm'));
    expect(await screen.findByText('Withdrawal marked paid')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ path: `${WITHDRAWAL_PATH}/pay`, body: { paymentReference: 'TX-889' } }),
    ]);
  });

  it('disables the confirm button while the payment is being recorded, then shows the refusal', async () => {
    const answer = heldAnswer();
    const calls = fakeApi({
      [`GET ${WITHDRAWAL_PATH}`]: () => json(200, WITHDRAWAL),
      [`POST ${WITHDRAWAL_PATH}/pay`]: answer.handler,
    });
    openDrawer();
    fireEvent.click(await screen.findByTestId('withdrawal-pay'));
    fireEvent.change(await screen.findByTestId('withdrawal-pay-reference'), { target: { value: 'TX-889' } });
    fireEvent.click(screen.getByTestId('withdrawal-pay-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('withdrawal-pay-confirm').hasAttribute('disabled')).toBe(true),
    );
    expect(screen.getByTestId('withdrawal-reject').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('withdrawal-pay-confirm'));
    await act(async () =>
      answer.release(apiError(409, 'NOT_PENDING', 'This withdrawal was already decided')),
    );
    expect(await screen.findByText('This withdrawal was already decided')).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('withdrawal-pay-confirm').hasAttribute('disabled')).toBe(false),
    );
  });

  it('rejects (refunding the user) with the reason typed', async () => {
    const calls = fakeApi({
      [`GET ${WITHDRAWAL_PATH}`]: () => json(200, WITHDRAWAL),
      [`POST ${WITHDRAWAL_PATH}/reject`]: () =>
        json(200, {
          ...WITHDRAWAL,
          status: 'rejected',
          rejectReason: 'Card closed',
          decidedAt: 1_700_000_100,
        }),
    });
    openDrawer();
    fireEvent.click(await screen.findByTestId('withdrawal-reject'));
    fireEvent.change(await screen.findByTestId('withdrawal-reject-dialog-reason'), {
      target: { value: 'Card closed' },
    });
    fireEvent.click(screen.getByTestId('withdrawal-reject-dialog-confirm'));
    expect(await screen.findByText('Withdrawal rejected and refunded')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ path: `${WITHDRAWAL_PATH}/reject`, body: { reason: 'Card closed' } }),
    ]);
  });

  it('shows a paid withdrawal with its payment reference and no decision to make', async () => {
    fakeApi({ [`GET ${WITHDRAWAL_PATH}`]: () => json(200, PAID) });
    openDrawer();
    expect((await screen.findByTestId('withdrawal-detail')).dataset.status).toBe('paid');
    expect(screen.getByText('TX-889')).toBeTruthy();
    expect(screen.queryByTestId('withdrawal-pay')).toBeNull();
    expect(screen.queryByTestId('withdrawal-reject')).toBeNull();
  });
});
