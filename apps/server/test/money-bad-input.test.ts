/**
 * Bad input to the money routes: amounts that are negative, zero, fractional, non-numeric, numbers sent
 * as strings or beyond the limits; missing and extra fields; other users' ids. Each gets a clear,
 * translated refusal, and not a row is written anywhere (counted before and after).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, countRows, createTestApp, DRIVERS, type ErrorJson, type TestApp } from './harness.ts';
import {
  bindCard,
  expectLedgerOk,
  fund,
  type MoneyUser,
  newKey,
  operatorToken,
  quickUser,
  upload,
} from './money.ts';

const MONEY_TABLES = [
  'deposits',
  'withdrawals',
  'ledger_transfers',
  'idempotency_keys',
  'bank_cards',
  'wallets',
  'uploads',
  'payment_checkouts',
] as const;

/** [name, amount as sent, expected message for the amount field]. */
const BAD_AMOUNTS: Array<[string, unknown, string]> = [
  ['negative', -1000, 'The amount must be greater than zero'],
  ['zero', 0, 'The amount must be greater than zero'],
  ['a fraction of a cent', 1000.5, 'Amounts have at most two decimal places'],
  ['a float for dollars', 10.5, 'Amounts have at most two decimal places'],
  ['a number as a string', '1000', 'Recharge amount cannot be empty'],
  ['non-numeric', 'abc', 'Recharge amount cannot be empty'],
  ['null', null, 'Recharge amount cannot be empty'],
  // zod's int() also refuses integers beyond 2^53 - 1 (not exact in a JS number): the contract's message.
  ['beyond 2^53', 2 ** 60, 'Amounts have at most two decimal places'],
  ['an object', { cents: 1000 }, 'Recharge amount cannot be empty'],
];

describe.each(DRIVERS)('bad money input on %s', (driver) => {
  let t: TestApp;
  let user: MoneyUser;
  let other: MoneyUser;
  let card: string;
  let otherCard: string;
  let otherUpload: string;
  beforeAll(async () => {
    t = await createTestApp({ driver, env: { TURNOVER_MULTIPLIER: '0' } });
    const operator = await operatorToken(t);
    user = await quickUser(t);
    other = await quickUser(t, { realName: 'Wang Fang' });
    card = await bindCard(t, user);
    otherCard = await bindCard(t, other);
    await fund(t, operator, user, 50_000);
    otherUpload = (await upload(t, other.token)).body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const counts = async () => {
    const result: Record<string, number> = {};
    for (const table of MONEY_TABLES) result[table] = await countRows(t, table);
    return result;
  };

  const deposit = (body: Record<string, unknown>) =>
    call<ErrorJson>(t, 'POST', '/deposits', {
      token: user.token,
      body: { method: 'offline', amount: 2000, depositorName: 'Li Wei', idempotencyKey: newKey(), ...body },
    });

  const withdraw = (body: Record<string, unknown>) =>
    call<ErrorJson>(t, 'POST', '/withdrawals', {
      token: user.token,
      body: {
        amount: 2000,
        destinationType: 'bank_card',
        destinationId: card,
        paymentPassword: '123456',
        idempotencyKey: newKey(),
        ...body,
      },
    });

  it.each(BAD_AMOUNTS)('refuses a deposit amount that is %s', async (_name, amount, message) => {
    const before = await counts();
    const response = await deposit({ amount });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.error.details).toEqual([{ path: 'amount', message }]);
    expect(await counts()).toEqual(before);
  });

  it.each(BAD_AMOUNTS)('refuses a withdrawal amount that is %s', async (_name, amount, message) => {
    const before = await counts();
    const response = await withdraw({ amount });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([
      {
        path: 'amount',
        message: message.replace('Recharge amount cannot be empty', 'Please enter the withdrawal amount'),
      },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses amounts beyond the configured limits, and a missing amount with the spec message', async () => {
    const before = await counts();
    expect((await deposit({ amount: 999 })).body.error.code).toBe('DEPOSIT_BELOW_MINIMUM');
    expect((await deposit({ amount: 100_000_001 })).body.error.code).toBe('DEPOSIT_ABOVE_MAXIMUM');
    expect((await withdraw({ amount: 1999 })).body.error.code).toBe('WITHDRAWAL_BELOW_MINIMUM');
    expect((await withdraw({ amount: 5_000_001 })).body.error.code).toBe('WITHDRAWAL_ABOVE_MAXIMUM');
    const missing = await call<ErrorJson>(t, 'POST', '/deposits', {
      token: user.token,
      body: { method: 'offline', depositorName: 'Li Wei', idempotencyKey: newKey() },
    });
    expect(missing.body.error.details).toEqual([
      { path: 'amount', message: 'Recharge amount cannot be empty' },
    ]);
    expect(missing.body.error.message).toBe('Recharge amount cannot be empty');
    expect(await counts()).toEqual(before);
  });

  it('refuses missing, extra and malformed fields', async () => {
    const before = await counts();
    const noName = await deposit({ depositorName: '  ' });
    expect(noName.body.error.details).toEqual([
      { path: 'depositorName', message: 'Please enter the name of the recharger' },
    ]);
    const extra = await deposit({ status: 'approved' });
    expect(extra.body.error.details).toEqual([{ path: 'status', message: 'This field is not allowed' }]);
    const crossMethod = await deposit({ txHash: 'a'.repeat(64) });
    expect(crossMethod.body.error.details).toEqual([
      { path: 'txHash', message: 'This field is not allowed' },
    ]);
    const unknownMethod = await deposit({ method: 'cash' });
    expect(unknownMethod.status).toBe(400);
    expect(unknownMethod.body.error.code).toBe('VALIDATION_FAILED');
    const noKey = await call<ErrorJson>(t, 'POST', '/deposits', {
      token: user.token,
      body: { method: 'offline', amount: 2000, depositorName: 'Li Wei' },
    });
    expect(noKey.body.error.details).toEqual([
      { path: 'idempotencyKey', message: 'The request is missing its idempotency key, please try again' },
    ]);
    const shortKey = await deposit({ idempotencyKey: 'abc' });
    expect(shortKey.body.error.details?.[0]?.path).toBe('idempotencyKey');
    const badReceipt = await deposit({ receiptUploadId: 'not-a-uuid' });
    expect(badReceipt.body.error.details?.[0]?.path).toBe('receiptUploadId');

    const noPassword = await withdraw({ paymentPassword: undefined });
    expect(noPassword.body.error.details).toEqual([
      { path: 'paymentPassword', message: 'Please enter the payment password' },
    ]);
    const shortPassword = await withdraw({ paymentPassword: '12345' });
    expect(shortPassword.body.error.details).toEqual([
      { path: 'paymentPassword', message: 'Payment password must be 6 digits' },
    ]);
    const noMethod = await withdraw({ destinationType: undefined, destinationId: undefined });
    expect(noMethod.body.error.details).toEqual([
      { path: 'destinationType', message: 'Please choose a withdraw method' },
      { path: 'destinationId', message: 'Please choose a withdraw method' },
    ]);
    const badId = await withdraw({ destinationId: 'x' });
    expect(badId.body.error.details).toEqual([
      { path: 'destinationId', message: 'Please choose a withdraw method' },
    ]);
    const extraWithdraw = await withdraw({ userId: other.id });
    expect(extraWithdraw.body.error.details).toEqual([
      { path: 'userId', message: 'This field is not allowed' },
    ]);
    const arrayBody = await call<ErrorJson>(t, 'POST', '/withdrawals', { token: user.token, body: [2000] });
    expect(arrayBody.status).toBe(400);
    expect(arrayBody.body.error.code).toBe('VALIDATION_FAILED');
    expect(await counts()).toEqual(before);
  });

  it('refuses names without letters, and NUL bytes or lone surrogates in any money field', async () => {
    const before = await counts();
    const lettersOnly = 'A name must be written in letters';
    const refused = 'This value contains characters that are not allowed';
    for (const name of ['😀', '12345', 'Li 😀', '...']) {
      const depositor = await deposit({ depositorName: name });
      expect(depositor.body.error.details, name).toEqual([{ path: 'depositorName', message: lettersOnly }]);
    }
    const noRealName = await quickUser(t);
    const realName = await call<ErrorJson>(t, 'PUT', '/me/real-name', {
      token: noRealName.token,
      body: { realName: '😀' },
    });
    expect(realName.body.error.details).toEqual([{ path: 'realName', message: lettersOnly }]);
    const card = (body: Record<string, unknown>) =>
      call<ErrorJson>(t, 'POST', '/bank-cards', {
        token: user.token,
        body: { bankName: 'HSBC', accountNumber: '6222021234567890', payee: 'Li Wei', ...body },
      });
    expect((await card({ bankName: '😀' })).body.error.details).toEqual([
      { path: 'bankName', message: lettersOnly },
    ]);
    expect((await card({ payee: '😀' })).body.error.details).toEqual([
      { path: 'payee', message: lettersOnly },
    ]);
    expect((await card({ payee: 'Li\u0000Wei' })).body.error.details).toEqual([
      { path: 'payee', message: refused },
    ]);
    expect((await deposit({ depositorName: 'Li \uD800' })).body.error.details).toEqual([
      { path: 'depositorName', message: refused },
    ]);
    const wallet = await call<ErrorJson>(t, 'POST', '/wallets', {
      token: user.token,
      body: { type: 'USDT-TRC20', address: 'T\u0000' },
    });
    expect(wallet.body.error.details).toEqual([{ path: 'address', message: refused }]);
    const operator = await operatorToken(t);
    const settings = await call<ErrorJson>(t, 'PUT', '/admin/funding/methods', {
      token: operator,
      body: {
        bankAccounts: [{ id: 'main', bankName: '😀', accountNumber: '6222021234567890', payee: '12345' }],
        cryptoNetworks: [],
        cardPaymentEnabled: false,
      },
    });
    expect(settings.body.error.details).toEqual([
      { path: 'bankAccounts.0.bankName', message: lettersOnly },
      { path: 'bankAccounts.0.payee', message: lettersOnly },
    ]);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for another user's card and upload, and uses neither", async () => {
    const before = await counts();
    const foreignCard = await withdraw({ destinationId: otherCard });
    expect(foreignCard.status).toBe(404);
    const foreignUpload = await deposit({ receiptUploadId: otherUpload });
    expect(foreignUpload.status).toBe(404);
    const foreignDelete = await call(t, 'DELETE', `/bank-cards/${otherCard}`, { token: user.token });
    expect(foreignDelete.status).toBe(404);
    expect(await counts()).toEqual(before);
    expect(
      (await call<{ items: unknown[] }>(t, 'GET', '/bank-cards', { token: other.token })).body.items,
    ).toHaveLength(1);
    await expectLedgerOk(t);
  });

  it('refuses bad pagination and filters', async () => {
    expect((await call(t, 'GET', '/deposits?limit=0', { token: user.token })).status).toBe(400);
    expect((await call(t, 'GET', '/deposits?limit=101', { token: user.token })).status).toBe(400);
    expect((await call(t, 'GET', '/withdrawals?cursor=%%%', { token: user.token })).status).toBe(400);
    expect((await call(t, 'GET', '/deposits?page=2', { token: user.token })).status).toBe(400);
    const forged = Buffer.from(JSON.stringify([Date.now(), "1' or 1=1"])).toString('base64url');
    expect((await call(t, 'GET', `/deposits?cursor=${forged}`, { token: user.token })).status).toBe(400);
    expect((await call(t, 'GET', `/transactions?cursor=${forged}`, { token: user.token })).status).toBe(400);
  });
});
