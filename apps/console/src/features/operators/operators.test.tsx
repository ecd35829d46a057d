import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, heldAnswer, json, writes } from '../../test/fake-api.ts';
import { OPERATOR_ID, renderScreen } from '../../test/render.tsx';
import { OperatorsPage } from './operators-page.tsx';

const ME = { id: OPERATOR_ID, account: 'admin', role: 'admin', totpEnabled: true, createdAt: 1_700_000_000 };
const WITH_TWO_FACTOR = {
  id: '0b8f3c1e-2222-4a6b-9c2d-0000000000b1',
  account: 'mei',
  role: 'operator',
  totpEnabled: true,
  createdAt: 1_700_000_000,
};
const WITHOUT_TWO_FACTOR = {
  ...WITH_TWO_FACTOR,
  id: '0b8f3c1e-2222-4a6b-9c2d-0000000000b2',
  account: 'tom',
  totpEnabled: false,
};
const RESET_PATH = `/admin/operators/${WITH_TWO_FACTOR.id}/totp/reset`;

function server(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /admin/operators': () => json(200, { items: [ME, WITH_TWO_FACTOR, WITHOUT_TWO_FACTOR] }),
    ...extra,
  });
}

const resetButton = (account: string) => screen.getByTestId(`operator-reset-totp-${account}`);

describe('operators', () => {
  it('lists every operator with role and two-factor; the reset is offered only where it can be done', async () => {
    server();
    renderScreen(<OperatorsPage />, { role: 'admin', totpEnabled: true });
    await screen.findByTestId('operator-reset-totp-mei');
    expect(screen.getAllByText('operator')).toHaveLength(2);
    expect(resetButton('mei').hasAttribute('disabled')).toBe(false);
    // Not one's own (replaced from My account), not where two-factor is already off.
    expect(resetButton('admin').hasAttribute('disabled')).toBe(true);
    expect(resetButton('tom').hasAttribute('disabled')).toBe(true);
  });

  it('an admin without two-factor of their own cannot reset anyone’s', async () => {
    server();
    renderScreen(<OperatorsPage />, { role: 'admin', totpEnabled: false });
    await screen.findByTestId('operator-reset-totp-mei');
    expect(resetButton('mei').hasAttribute('disabled')).toBe(true);
  });

  it('adds an operator: validates account and password, sends the trimmed account and the chosen role', async () => {
    const calls = server({
      'POST /admin/operators': () =>
        json(201, {
          id: '0b8f3c1e-2222-4a6b-9c2d-0000000000c1',
          account: 'lee',
          role: 'operator',
          totpEnabled: false,
          createdAt: 1_700_000_100,
        }),
    });
    renderScreen(<OperatorsPage />);
    fireEvent.click(await screen.findByTestId('operator-add'));
    fireEvent.change(await screen.findByTestId('operator-account'), { target: { value: 'le' } });
    fireEvent.change(screen.getByTestId('operator-password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('operator-add-confirm'));
    expect(await screen.findByText('3 to 64 characters')).toBeTruthy();
    expect(await screen.findByText('At least 8 characters')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('operator-account'), { target: { value: ' lee ' } });
    fireEvent.change(screen.getByTestId('operator-password'), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByTestId('operator-add-confirm'));
    expect(await screen.findByText('Operator added')).toBeTruthy();
    expect(writes(calls).map((call) => call.body)).toEqual([
      { account: 'lee', password: 'long enough', role: 'operator' },
    ]);
  });

  it('shows why an operator could not be added', async () => {
    server({ 'POST /admin/operators': () => apiError(409, 'ACCOUNT_TAKEN', 'That account is taken') });
    renderScreen(<OperatorsPage />);
    fireEvent.click(await screen.findByTestId('operator-add'));
    fireEvent.change(await screen.findByTestId('operator-account'), { target: { value: 'mei' } });
    fireEvent.change(screen.getByTestId('operator-password'), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByTestId('operator-add-confirm'));
    expect(await screen.findByText('That account is taken')).toBeTruthy();
    expect(screen.getByTestId('operator-add-confirm')).toBeTruthy();
  });

  it('resets another operator’s two-factor with a reason and the admin’s own 6-digit code, disabled while it runs', async () => {
    const answer = heldAnswer();
    const calls = server({ [`POST ${RESET_PATH}`]: answer.handler });
    renderScreen(<OperatorsPage />);
    fireEvent.click(await screen.findByTestId('operator-reset-totp-mei'));
    fireEvent.change(await screen.findByTestId('operator-reset-totp-reason'), {
      target: { value: 'Lost phone' },
    });
    fireEvent.change(screen.getByTestId('operator-reset-totp-code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('operator-reset-totp-confirm'));
    expect(await screen.findByText('The code has 6 digits')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('operator-reset-totp-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('operator-reset-totp-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('operator-reset-totp-confirm').hasAttribute('disabled')).toBe(true),
    );
    await act(async () => answer.release(json(200, { ...WITH_TWO_FACTOR, totpEnabled: false })));
    expect(await screen.findByText('Two-factor reset; their sessions have ended')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ path: RESET_PATH, body: { reason: 'Lost phone', totpCode: '123456' } }),
    ]);
  });
});
