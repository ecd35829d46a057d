/** Real name, bank cards and wallets: where withdrawals may go. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  countRows,
  createTestApp,
  DRIVERS,
  type ErrorJson,
  type TestApp,
} from '../../../test/harness.ts';
import { type MoneyUser, quickUser } from '../../../test/money.ts';

interface Card {
  id: string;
  bankName: string;
  maskedNumber: string;
  payee: string;
  createdAt: number;
}

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe.each(DRIVERS)('bank cards and wallets on %s', (driver) => {
  let t: TestApp;
  let user: MoneyUser;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    user = await quickUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const addCard = (token: string, body: Record<string, unknown>) =>
    call<Card & ErrorJson>(t, 'POST', '/bank-cards', { token, body });

  it('needs the real name first, sets it once, and binds only cards in that name', async () => {
    const card = { bankName: 'HSBC', accountNumber: '6222 0212 3456 7890', payee: 'Li Wei' };
    const noName = await addCard(user.token, card);
    expect(noName.status).toBe(400);
    expect(noName.body.error).toEqual({ code: 'REAL_NAME_REQUIRED', message: 'Real name required' });

    const named = await call(t, 'PUT', '/me/real-name', {
      token: user.token,
      body: { realName: '  Li Wei ' },
    });
    expect(named.status).toBe(200);
    expect(named.body.realName).toBe('Li Wei');
    const renamed = await call<ErrorJson>(t, 'PUT', '/me/real-name', {
      token: user.token,
      body: { realName: 'X' },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.code).toBe('REAL_NAME_ALREADY_SET');
    const blank = await call<ErrorJson>(t, 'PUT', '/me/real-name', {
      token: user.token,
      body: { realName: ' ' },
    });
    expect(blank.body.error.details).toEqual([{ path: 'realName', message: 'Real name required' }]);

    const mismatch = await addCard(user.token, { ...card, payee: 'Wang Fang' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.code).toBe('PAYEE_MISMATCH');

    const bound = await addCard(user.token, { ...card, payee: 'li  wei' });
    expect(bound.status).toBe(201);
    expect(bound.body).toEqual({
      id: expect.any(String),
      bankName: 'HSBC',
      maskedNumber: '**** 7890',
      payee: 'Li Wei',
      createdAt: expect.any(Number),
    });
    const stored = await t.database.kysely
      .selectFrom('bank_cards')
      .select('account_number')
      .where('id', '=', bound.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.account_number).toBe('6222021234567890');

    const duplicate = await addCard(user.token, { ...card, accountNumber: '6222-0212-3456-7890' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toEqual({ code: 'CARD_DUPLICATE', message: 'This card is already bound' });

    const list = await call<{ items: Card[] }>(t, 'GET', '/bank-cards', { token: user.token });
    expect(list.body.items).toEqual([bound.body]);
  });

  it('checks every field of a card', async () => {
    const empty = await addCard(user.token, { bankName: '', accountNumber: '', payee: '' });
    expect(empty.body.error.details).toEqual([
      { path: 'bankName', message: 'Please enter the bank name' },
      { path: 'accountNumber', message: 'Please enter the account number' },
      { path: 'payee', message: 'Please enter the payee' },
    ]);
    const short = await addCard(user.token, { bankName: 'HSBC', accountNumber: '1234', payee: 'Li Wei' });
    expect(short.body.error.details).toEqual([
      { path: 'accountNumber', message: 'The account number must be 8-30 digits' },
    ]);
  });

  it('removes only my own card (softly: it can be bound again)', async () => {
    const other = await quickUser(t, { realName: 'Wang Fang' });
    const theirs = await addCard(other.token, {
      bankName: 'BOC',
      accountNumber: '11112222333344',
      payee: 'Wang Fang',
    });
    const before = await countRows(t, 'bank_cards');
    const foreign = await call(t, 'DELETE', `/bank-cards/${theirs.body.id}`, { token: user.token });
    expect(foreign.status).toBe(404);
    expect(
      (await call<{ items: Card[] }>(t, 'GET', '/bank-cards', { token: other.token })).body.items,
    ).toHaveLength(1);
    const removed = await call(t, 'DELETE', `/bank-cards/${theirs.body.id}`, { token: other.token });
    expect(removed.status).toBe(200);
    expect((await call(t, 'DELETE', `/bank-cards/${theirs.body.id}`, { token: other.token })).status).toBe(
      404,
    );
    expect(
      (await call<{ items: Card[] }>(t, 'GET', '/bank-cards', { token: other.token })).body.items,
    ).toEqual([]);
    expect(await countRows(t, 'bank_cards')).toBe(before);
    const again = await addCard(other.token, {
      bankName: 'BOC',
      accountNumber: '11112222333344',
      payee: 'Wang Fang',
    });
    expect(again.status).toBe(201);
  });

  it('adds wallets whose address is valid for their type, once each, and removes them', async () => {
    const add = (body: Record<string, unknown>) =>
      call<{ id: string; type: string; address: string; maskedAddress: string } & ErrorJson>(
        t,
        'POST',
        '/wallets',
        {
          token: user.token,
          body,
        },
      );
    const noType = await add({ address: TRON });
    expect(noType.body.error.details).toEqual([{ path: 'type', message: 'Please choose a wallet type' }]);
    const wrongNetwork = await add({ type: 'USDT-ERC20', address: TRON });
    expect(wrongNetwork.status).toBe(400);
    expect(wrongNetwork.body.error.details).toEqual([
      { path: 'address', message: 'This is not a valid address for the chosen wallet type' },
    ]);
    // One character changed: the base58check checksum no longer matches.
    const badChecksum = await add({ type: 'USDT-TRC20', address: `${TRON.slice(0, -1)}u` });
    expect(badChecksum.body.error.code).toBe('VALIDATION_FAILED');
    const empty = await add({ type: 'USDT-TRC20', address: ' ' });
    expect(empty.body.error.details).toEqual([
      { path: 'address', message: 'Please enter the wallet address' },
    ]);

    const tron = await add({ type: 'USDT-TRC20', address: TRON });
    expect(tron.status).toBe(201);
    expect(tron.body).toMatchObject({ type: 'USDT-TRC20', address: TRON, maskedAddress: 'TR7NHq…gjLj6t' });
    const eth = await add({ type: 'USDT-ERC20', address: ETH });
    expect(eth.status).toBe(201);
    const sameEth = await add({ type: 'USDT-ERC20', address: ETH.toLowerCase() });
    expect(sameEth.status).toBe(409);
    expect(sameEth.body.error.code).toBe('WALLET_DUPLICATE');

    const list = await call<{ items: Array<{ id: string }> }>(t, 'GET', '/wallets', { token: user.token });
    expect(list.body.items.map((item) => item.id).sort()).toEqual([tron.body.id, eth.body.id].sort());
    const other = await quickUser(t);
    expect((await call(t, 'DELETE', `/wallets/${tron.body.id}`, { token: other.token })).status).toBe(404);
    expect((await call(t, 'DELETE', `/wallets/${tron.body.id}`, { token: user.token })).status).toBe(200);
    const after = await call<{ items: Array<{ id: string }> }>(t, 'GET', '/wallets', { token: user.token });
    expect(after.body.items.map((item) => item.id)).toEqual([eth.body.id]);
  });
});
