/**
 * Funding methods: what the top-up pages offer, configured by an admin with a current two-factor code
 * (step-up; test/step-up.test.ts covers the refusals).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DRIVERS, type ErrorJson, type TestApp } from '../../../test/harness.ts';
import { type MoneyUser, operatorToken, quickUser } from '../../../test/money.ts';
import { type TwoFactorAdmin, twoFactorAdmin } from '../../../test/step-up-support.ts';

describe.each(DRIVERS)('funding methods on %s', (driver) => {
  let t: TestApp;
  let operator: string;
  let admin: TwoFactorAdmin;
  let user: MoneyUser;
  beforeAll(async () => {
    t = await createTestApp({ driver, env: { MIN_DEPOSIT_CENTS: '1500', WITHDRAWALS_PER_DAY: '3' } });
    operator = await operatorToken(t);
    admin = await twoFactorAdmin(t, operator);
    user = await quickUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers the seeded bank account, both USDT networks, card payment and the configured limits', async () => {
    const response = await call(t, 'GET', '/funding/methods', { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      currency: 'USD',
      bankAccounts: [
        {
          id: 'demo-bank',
          bankName: 'Tradehall Demo Bank',
          accountNumber: '6222021234567890',
          payee: 'Tradehall Ltd',
        },
      ],
      cryptoNetworks: [
        { network: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
        { network: 'USDT-ERC20', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
      ],
      cardPayment: { available: true, provider: 'sandbox', testPayments: true },
      minimumDeposit: 1500,
      maximumDeposit: 100_000_000,
      minimumWithdrawal: 2000,
      maximumWithdrawal: 5_000_000,
      withdrawalsPerDay: 3,
    });
    expect((await call(t, 'GET', '/funding/methods')).status).toBe(401);
  });

  it('lets an admin replace the settings, checking each deposit address for its network', async () => {
    const settings = {
      bankAccounts: [
        { id: 'main', bankName: ' ICBC ', accountNumber: '6222 0212 3456 7890 123', payee: 'Tradehall Ltd' },
      ],
      cryptoNetworks: [{ network: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
      cardPaymentEnabled: false,
    };
    const saved = await call(t, 'PUT', '/admin/funding/methods', {
      token: admin.token,
      body: { ...settings, totpCode: admin.nextCode() },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      bankAccounts: [
        { id: 'main', bankName: 'ICBC', accountNumber: '6222021234567890123', payee: 'Tradehall Ltd' },
      ],
      cryptoNetworks: settings.cryptoNetworks,
      cardPaymentEnabled: false,
      // The gateway the switch applies to comes from the server's configuration, not the request.
      cardProvider: { name: 'sandbox', testPayments: true },
    });
    const methods = await call(t, 'GET', '/funding/methods', { token: user.token });
    expect(methods.body).toMatchObject({
      bankAccounts: saved.body.bankAccounts,
      cryptoNetworks: settings.cryptoNetworks,
      cardPayment: { available: false, provider: 'sandbox', testPayments: true },
    });
    expect((await call(t, 'GET', '/admin/funding/methods', { token: operator })).body).toEqual(saved.body);
    // The change is in the audit log, with the settings before and after.
    const log = await call<{ items: Array<{ action: string; before: unknown; after: unknown }> }>(
      t,
      'GET',
      '/admin/audit-log?action=funding.update',
      { token: operator },
    );
    expect(log.body.items).toHaveLength(1);
    expect(log.body.items[0]?.before).toMatchObject({ bankAccounts: [{ id: 'demo-bank' }] });
    const { cardProvider: _gateway, ...stored } = saved.body;
    expect(log.body.items[0]?.after).toEqual(stored);

    const bad = await call<ErrorJson>(t, 'PUT', '/admin/funding/methods', {
      token: admin.token,
      body: {
        ...settings,
        cryptoNetworks: [{ network: 'USDT-ERC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
        totpCode: admin.nextCode(),
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      { path: 'cryptoNetworks.0.address', message: 'This is not a valid address for the chosen wallet type' },
    ]);
    expect((await call(t, 'GET', '/admin/funding/methods', { token: operator })).body).toEqual(saved.body);
    // Refused: nothing changed, nothing logged.
    const after = await call<{ items: unknown[] }>(t, 'GET', '/admin/audit-log?action=funding.update', {
      token: operator,
    });
    expect(after.body.items).toHaveLength(1);
  });

  it('keeps the settings for operators: 401 without a token, 403 with a user token', async () => {
    expect((await call(t, 'GET', '/admin/funding/methods')).status).toBe(401);
    expect((await call(t, 'GET', '/admin/funding/methods', { token: user.token })).status).toBe(403);
    const put = await call(t, 'PUT', '/admin/funding/methods', {
      token: user.token,
      body: { bankAccounts: [], cryptoNetworks: [], cardPaymentEnabled: true },
    });
    expect(put.status).toBe(403);
  });
});
