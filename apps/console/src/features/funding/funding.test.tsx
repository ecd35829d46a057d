import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, heldAnswer, json, writes } from '../../test/fake-api.ts';
import { FUNDING_SETTINGS } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { FundingPage } from './funding-page.tsx';

const SETTINGS_PATH = '/admin/funding/methods';

function server(extra: Parameters<typeof fakeApi>[0] = {}, settings: object = FUNDING_SETTINGS) {
  return fakeApi({ [`GET ${SETTINGS_PATH}`]: () => json(200, settings), ...extra });
}

const editButton = () => screen.getByTestId('funding-edit');
const change = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('funding-save'));

async function openEditor() {
  await waitFor(() => expect(editButton().hasAttribute('disabled')).toBe(false));
  fireEvent.click(editButton());
  return screen.findByTestId('funding-bank-name-0');
}

describe('funding settings, read', () => {
  it('shows where users send money and the card gateway, to every operator', async () => {
    server();
    renderScreen(<FundingPage />, { role: 'operator', totpEnabled: true });
    const banks = await screen.findByTestId('funding-bank-table');
    expect(await within(banks).findByText('1234567890')).toBeTruthy();
    expect(
      within(screen.getByTestId('funding-crypto-table')).getByText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'),
    ).toBeTruthy();
    expect(screen.getByTestId('funding-card-state').textContent).toBe('Offered');
    expect(screen.getByTestId('funding-test-payments')).toBeTruthy();
  });

  it('says card payment is off when the server has no card gateway', async () => {
    server({}, { ...FUNDING_SETTINGS, cardProvider: { name: 'none', testPayments: false } });
    renderScreen(<FundingPage />);
    expect((await screen.findByTestId('funding-card-state')).textContent).toContain('No card gateway');
  });

  it('an operator may not edit, and is told why', async () => {
    server();
    renderScreen(<FundingPage />, { role: 'operator', totpEnabled: true });
    await screen.findByTestId('funding-bank-table');
    expect(editButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('funding-read-only').textContent).toContain('only an admin');
    expect(screen.queryByTestId('funding-setup-two-factor')).toBeNull();
  });

  it('an admin without two-factor may not edit, and is sent to set it up', async () => {
    server();
    renderScreen(<FundingPage />, { role: 'admin', totpEnabled: false });
    await screen.findByTestId('funding-bank-table');
    expect(editButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('funding-setup-two-factor').getAttribute('href')).toBe('/account');
  });
});

describe('funding settings, edited by an admin with two-factor', () => {
  it('requires every account field and a 6-digit code, and sends nothing until they are there', async () => {
    const calls = server();
    renderScreen(<FundingPage />);
    await openEditor();
    change('funding-payee-0', '   ');
    save();
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(await screen.findByText('The code has 6 digits')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it('sends the accounts trimmed, the new account with its own id, the card switch and the code', async () => {
    const calls = server({
      [`PUT ${SETTINGS_PATH}`]: (call) =>
        json(200, { ...(call.body as object), cardProvider: FUNDING_SETTINGS.cardProvider }),
    });
    renderScreen(<FundingPage />);
    await openEditor();
    change('funding-bank-name-0', '  Bank of Asia ');
    fireEvent.click(screen.getByTestId('funding-add-bank'));
    change('funding-bank-name-1', 'DBS');
    change('funding-account-number-1', ' 9988776655 ');
    change('funding-payee-1', 'Tradehall Ltd');
    fireEvent.click(screen.getByTestId('funding-card-switch'));
    change('funding-totp', '654321');
    save();
    expect(await screen.findByText('Funding settings saved')).toBeTruthy();
    const [sent] = writes(calls);
    expect(sent?.body).toEqual({
      bankAccounts: [
        { id: 'bank-1', bankName: 'Bank of Asia', accountNumber: '1234567890', payee: 'Tradehall Ltd' },
        {
          id: expect.stringMatching(/^bank-/),
          bankName: 'DBS',
          accountNumber: '9988776655',
          payee: 'Tradehall Ltd',
        },
      ],
      cryptoNetworks: [{ network: 'USDT-TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }],
      cardPaymentEnabled: false,
      totpCode: '654321',
    });
  });

  it('keeps the dialog open with the server’s refusal of the code, and save disabled while it is checked', async () => {
    const answer = heldAnswer();
    const calls = server({ [`PUT ${SETTINGS_PATH}`]: answer.handler });
    renderScreen(<FundingPage />);
    await openEditor();
    change('funding-totp', '111111');
    save();
    await waitFor(() => expect(screen.getByTestId('funding-save').hasAttribute('disabled')).toBe(true));
    save();
    await act(async () => answer.release(apiError(401, 'TOTP_INVALID', 'That code is not valid')));
    expect(await screen.findByText('That code is not valid')).toBeTruthy();
    expect(screen.getByTestId('funding-totp')).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
  });
});
