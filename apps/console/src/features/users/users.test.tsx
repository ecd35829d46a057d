import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeCall, fakeApi, heldAnswer, json, writes } from '../../test/fake-api.ts';
import { USER, USER_DETAIL, USER_ID } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { UserDetailPage } from './user-detail-page.tsx';
import { UsersPage } from './users-page.tsx';

const USER_PATH = `/admin/users/${USER_ID}`;
const ADJUST_PATH = `${USER_PATH}/balance-adjustments`;

function openUser(role: 'admin' | 'operator' = 'admin') {
  renderScreen(<UserDetailPage />, { role, path: `/users/${USER_ID}`, pattern: '/users/:id' });
}

async function openAdjustment() {
  fireEvent.click(await screen.findByTestId('user-adjust'));
  return screen.findByTestId('adjust-amount');
}

const typeAmount = (text: string) =>
  fireEvent.change(screen.getByTestId('adjust-amount'), { target: { value: text } });
const typeReason = (text: string) =>
  fireEvent.change(screen.getByTestId('adjust-reason'), { target: { value: text } });
const confirm = () => fireEvent.click(screen.getByTestId('adjust-confirm'));
const adjustments = (calls: FakeCall[]) => writes(calls).filter((call) => call.path === ADJUST_PATH);

describe('user list', () => {
  it('searches with the trimmed text and shows each user’s balance and state', async () => {
    const calls = fakeApi({
      'GET /admin/users': (call) =>
        json(200, {
          items: call.query.get('q') === 'alice' ? [{ ...USER, frozen: true }] : [USER],
          nextCursor: null,
        }),
    });
    renderScreen(<UsersPage />);
    const row = (await screen.findByTestId('user-open')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('$2,500.00')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const search = within(screen.getByTestId('user-search').closest('.ant-input-search') ?? document.body);
    fireEvent.change(search.getByRole('searchbox'), { target: { value: '  alice ' } });
    fireEvent.click(search.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('Frozen')).toBeTruthy();
    expect(calls.map((call) => call.query.get('q'))).toEqual([null, 'alice']);
  });
});

describe('user actions by role and state', () => {
  it('an admin may adjust the balance; an active user can be frozen, not unfrozen', async () => {
    fakeApi({ [`GET ${USER_PATH}`]: () => json(200, USER_DETAIL) });
    openUser('admin');
    expect((await screen.findByTestId('user-balance')).textContent).toBe('$2,500.00');
    expect(screen.getByTestId('user-adjust')).toBeTruthy();
    expect(screen.getByTestId('user-freeze')).toBeTruthy();
    expect(screen.queryByTestId('user-unfreeze')).toBeNull();
  });

  it('an operator is not offered the adjustment; a frozen user can be unfrozen', async () => {
    fakeApi({ [`GET ${USER_PATH}`]: () => json(200, { ...USER_DETAIL, user: { ...USER, frozen: true } }) });
    openUser('operator');
    expect((await screen.findByTestId('user-state')).dataset.frozen).toBe('true');
    expect(screen.queryByTestId('user-adjust')).toBeNull();
    expect(screen.getByTestId('user-unfreeze')).toBeTruthy();
    expect(screen.queryByTestId('user-freeze')).toBeNull();
  });

  it('freezes with the reason given', async () => {
    const calls = fakeApi({
      [`GET ${USER_PATH}`]: () => json(200, USER_DETAIL),
      [`POST ${USER_PATH}/freeze`]: () => json(200, { ...USER, frozen: true }),
    });
    openUser();
    fireEvent.click(await screen.findByTestId('user-freeze'));
    fireEvent.change(await screen.findByTestId('user-freeze-dialog-reason'), {
      target: { value: 'Chargeback' },
    });
    fireEvent.click(screen.getByTestId('user-freeze-dialog-confirm'));
    expect(await screen.findByText('User frozen: their sessions have ended')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ path: `${USER_PATH}/freeze`, body: { reason: 'Chargeback' } }),
    ]);
  });

  it('sets the credit score as a whole number within 0-1000', async () => {
    const calls = fakeApi({
      [`GET ${USER_PATH}`]: () => json(200, USER_DETAIL),
      [`POST ${USER_PATH}/credit-score`]: () => json(200, { ...USER, creditScore: 80 }),
    });
    openUser();
    fireEvent.click(await screen.findByTestId('user-credit'));
    const score = await screen.findByTestId('credit-score-value');
    expect((score as HTMLInputElement).value).toBe('100');
    fireEvent.change(score, { target: { value: '80' } });
    fireEvent.change(screen.getByTestId('credit-score-reason'), { target: { value: 'Late payments' } });
    fireEvent.click(screen.getByTestId('credit-score-confirm'));
    expect(await screen.findByText('Credit score updated')).toBeTruthy();
    expect(writes(calls).map((call) => call.body)).toEqual([{ score: 80, reason: 'Late payments' }]);
  });
});

describe('balance adjustment', () => {
  it('refuses an amount that is not a signed dollar figure with at most 2 decimals, or zero, and sends nothing', async () => {
    const calls = fakeApi({ [`GET ${USER_PATH}`]: () => json(200, USER_DETAIL) });
    openUser();
    await openAdjustment();
    typeReason('Goodwill');
    for (const text of ['12.345', '0', 'ten', '1,000']) {
      typeAmount(text);
      confirm();
      expect(
        await screen.findByText('A signed amount with at most 2 decimals, e.g. 25 or -12.50, not zero'),
      ).toBeTruthy();
      expect(screen.queryByTestId('adjust-preview')).toBeNull();
    }
    expect(adjustments(calls)).toHaveLength(0);
  });

  it('converts the dollars typed to exact cents, previews the change, and sends it with the reason and a key', async () => {
    const calls = fakeApi({
      [`GET ${USER_PATH}`]: () => json(200, USER_DETAIL),
      [`POST ${ADJUST_PATH}`]: () => json(200, { transferId: '41', balance: 248_750 }),
    });
    openUser();
    await openAdjustment();
    // The preview follows the field as antd reports its value, a render later: wait for the text itself.
    const preview = (text: string) =>
      waitFor(() => expect(screen.getByTestId('adjust-preview').textContent).toBe(text));
    typeAmount(' -12.50 ');
    await preview("The user's balance will change by -$12.50.");
    typeAmount('+0.1');
    await preview("The user's balance will change by +$0.10.");
    typeAmount('-12.50');
    typeReason('  Wrong credit  ');
    confirm();
    expect(await screen.findByText('Balance adjusted; new balance $2,487.50')).toBeTruthy();
    const [sent] = adjustments(calls);
    expect(sent?.body).toEqual({
      amount: -1250,
      reason: 'Wrong credit',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('a retry of one opening reuses its key, so the money moves once; a new opening has a new key', async () => {
    let answers = 0;
    const calls = fakeApi({
      [`GET ${USER_PATH}`]: () => json(200, USER_DETAIL),
      [`POST ${ADJUST_PATH}`]: () =>
        ++answers === 1
          ? apiError(503, 'SERVICE_UNAVAILABLE', 'Try again shortly')
          : json(200, { transferId: '41', balance: 252_500 }),
    });
    openUser();
    await openAdjustment();
    typeAmount('25');
    typeReason('Promotion');
    confirm();
    expect(await screen.findByText('Try again shortly')).toBeTruthy();
    confirm();
    expect(await screen.findByText('Balance adjusted; new balance $2,525.00')).toBeTruthy();
    await openAdjustment();
    typeAmount('25');
    typeReason('Promotion');
    confirm();
    await waitFor(() => expect(adjustments(calls)).toHaveLength(3));
    const keys = adjustments(calls).map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(adjustments(calls).map((call) => (call.body as { amount: number }).amount)).toEqual([
      2500, 2500, 2500,
    ]);
  });

  it('keeps the confirm and cancel buttons disabled while the adjustment is under way', async () => {
    const answer = heldAnswer();
    const calls = fakeApi({
      [`GET ${USER_PATH}`]: () => json(200, USER_DETAIL),
      [`POST ${ADJUST_PATH}`]: answer.handler,
    });
    openUser();
    await openAdjustment();
    typeAmount('-5000');
    typeReason('Correction');
    confirm();
    await waitFor(() => expect(screen.getByTestId('adjust-confirm').hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    confirm();
    await act(async () =>
      answer.release(apiError(409, 'INSUFFICIENT_FUNDS', 'The balance cannot go below zero')),
    );
    expect(await screen.findByText('The balance cannot go below zero')).toBeTruthy();
    expect(adjustments(calls)).toHaveLength(1);
    expect(adjustments(calls)[0]?.body).toMatchObject({ amount: -500_000 });
  });
});
