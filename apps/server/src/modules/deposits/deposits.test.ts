/** Deposits: the three methods, limits, idempotency, receipts, and the operator's decisions (credit once). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  countRows,
  createTestApp,
  DRIVERS,
  type ErrorJson,
  type TestApp,
} from '../../../test/harness.ts';
import {
  balanceOf,
  expectLedgerOk,
  type MoneyUser,
  newKey,
  offlineDeposit,
  operatorToken,
  quickUser,
  transferCount,
  upload,
} from '../../../test/money.ts';
import { twoFactorAdmin } from '../../../test/step-up-support.ts';

interface Deposit {
  id: string;
  reference: string;
  method: string;
  amount: number;
  status: string;
  depositorName: string | null;
  network: string | null;
  txHash: string | null;
  receiptUrl: string | null;
  checkoutUrl: string | null;
  rejectReason: string | null;
  createdAt: number;
  decidedAt: number | null;
}

const TX_HASH = 'a'.repeat(63);

describe.each(DRIVERS)('deposits on %s', (driver) => {
  let t: TestApp;
  let operator: string;
  let user: MoneyUser;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    operator = await operatorToken(t);
    user = await quickUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (token: string, body: Record<string, unknown>) =>
    call<Deposit & ErrorJson>(t, 'POST', '/deposits', { token, body: { idempotencyKey: newKey(), ...body } });

  it('takes an offline deposit as pending and credits it once on approval', async () => {
    const someone = await quickUser(t);
    const created = await offlineDeposit(t, someone, 12_345);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      reference: expect.stringMatching(/^D[0-9A-Z]{9}$/),
      method: 'offline',
      amount: 12_345,
      status: 'pending',
      depositorName: 'Li Wei',
      network: null,
      txHash: null,
      receiptUrl: null,
      checkoutUrl: null,
      rejectReason: null,
      createdAt: Math.floor(t.clock.now().getTime() / 1000),
      decidedAt: null,
    });
    const me = await call(t, 'GET', '/me', { token: someone.token });
    expect(me.body).toMatchObject({ balance: 0, unprocessedCount: 1 });

    const transfers = await transferCount(t);
    const approved = await call<Deposit & { userId: string; account: string }>(
      t,
      'POST',
      `/admin/deposits/${created.body.id}/approve`,
      { token: operator },
    );
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', userId: someone.id, account: someone.account });
    expect(approved.body.decidedAt).toEqual(expect.any(Number));
    expect(await balanceOf(t, someone.id)).toBe(12_345);
    expect(await transferCount(t)).toBe(transfers + 1);

    // The same decision again: 200, unchanged, no second credit.
    const again = await call(t, 'POST', `/admin/deposits/${created.body.id}/approve`, { token: operator });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(approved.body);
    expect(await balanceOf(t, someone.id)).toBe(12_345);
    expect(await transferCount(t)).toBe(transfers + 1);

    // The opposite decision: refused.
    const reject = await call<ErrorJson>(t, 'POST', `/admin/deposits/${created.body.id}/reject`, {
      token: operator,
      body: { reason: 'too late' },
    });
    expect(reject.status).toBe(409);
    expect(reject.body.error).toEqual({
      code: 'NOT_PENDING',
      message: 'This request has already been processed',
    });

    const meAfter = await call(t, 'GET', '/me', { token: someone.token });
    expect(meAfter.body).toMatchObject({ balance: 12_345, unprocessedCount: 0 });
    await expectLedgerOk(t);
  });

  it('rejects with a reason and moves no money; a rejected deposit cannot be approved', async () => {
    const created = await offlineDeposit(t, user, 2000);
    const transfers = await transferCount(t);
    const rejected = await call<Deposit>(t, 'POST', `/admin/deposits/${created.body.id}/reject`, {
      token: operator,
      body: { reason: '  No transfer received  ' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectReason: 'No transfer received' });
    const again = await call(t, 'POST', `/admin/deposits/${created.body.id}/reject`, {
      token: operator,
      body: { reason: 'other words' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(rejected.body);
    const approve = await call<ErrorJson>(t, 'POST', `/admin/deposits/${created.body.id}/approve`, {
      token: operator,
    });
    expect(approve.status).toBe(409);
    expect(approve.body.error.code).toBe('NOT_PENDING');
    expect(await transferCount(t)).toBe(transfers);
    const missing = await call<ErrorJson>(t, 'POST', `/admin/deposits/${crypto.randomUUID()}/approve`, {
      token: operator,
    });
    expect(missing.status).toBe(404);
    await expectLedgerOk(t);
  });

  it('two approvals racing credit exactly once', async () => {
    const someone = await quickUser(t);
    const created = await offlineDeposit(t, someone, 5000);
    const [a, b] = await Promise.all([
      call(t, 'POST', `/admin/deposits/${created.body.id}/approve`, { token: operator }),
      call(t, 'POST', `/admin/deposits/${created.body.id}/approve`, { token: operator }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await balanceOf(t, someone.id)).toBe(5000);
    const credits = await t.database.kysely
      .selectFrom('ledger_transfers')
      .select('id')
      .where('ref_id', '=', created.body.id)
      .execute();
    expect(credits).toHaveLength(1);
    await expectLedgerOk(t);
  });

  it('refuses amounts outside the limits, with the limit in the message and in params', async () => {
    const low = await post(user.token, { method: 'offline', amount: 999, depositorName: 'Li Wei' });
    expect(low.status).toBe(400);
    expect(low.body.error).toEqual({
      code: 'DEPOSIT_BELOW_MINIMUM',
      message: 'Recharge amount cannot be less than $10.00',
      params: { amount: '$10.00' },
    });
    const high = await post(user.token, { method: 'offline', amount: 100_000_001, depositorName: 'Li Wei' });
    expect(high.body.error).toEqual({
      code: 'DEPOSIT_ABOVE_MAXIMUM',
      message: 'Recharge amount cannot be more than $1,000,000.00',
      params: { amount: '$1,000,000.00' },
    });
    const japanese = await call<ErrorJson>(t, 'POST', '/deposits', {
      token: user.token,
      locale: 'jp',
      body: { method: 'offline', amount: 5, depositorName: 'x', idempotencyKey: newKey() },
    });
    expect(japanese.body.error.message).toContain('$10.00');
  });

  it('answers a retry with the same key with the first response, and a changed request with 409', async () => {
    const before = await countRows(t, 'deposits');
    const key = newKey();
    const body = { method: 'offline', amount: 3000, depositorName: 'Li Wei', idempotencyKey: key };
    const first = await call(t, 'POST', '/deposits', { token: user.token, body });
    t.clock.advanceSeconds(5);
    const second = await call(t, 'POST', '/deposits', { token: user.token, body });
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(await countRows(t, 'deposits')).toBe(before + 1);
    const changed = await call<ErrorJson>(t, 'POST', '/deposits', {
      token: user.token,
      body: { ...body, amount: 3001 },
    });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('IDEMPOTENCY_CONFLICT');
    // Keys are per user: another user may use the same key for their own deposit.
    const other = await quickUser(t);
    const theirs = await call(t, 'POST', '/deposits', { token: other.token, body });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
    expect(await countRows(t, 'deposits')).toBe(before + 2);
  });

  it('takes a crypto deposit once per transaction hash', async () => {
    const hash = `0x${TX_HASH}b`;
    const created = await post(user.token, {
      method: 'crypto',
      network: 'USDT-ERC20',
      amount: 5000,
      txHash: hash,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      method: 'crypto',
      network: 'USDT-ERC20',
      txHash: hash,
      depositorName: null,
    });
    // The same transaction, written differently (case, no 0x), by anyone: refused.
    const other = await quickUser(t);
    const reused = await post(other.token, {
      method: 'crypto',
      network: 'USDT-ERC20',
      amount: 5000,
      txHash: `${TX_HASH.toUpperCase()}B`,
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toEqual({
      code: 'TX_HASH_USED',
      message: 'This transaction hash has already been submitted',
    });
    const badHash = await post(user.token, {
      method: 'crypto',
      network: 'USDT-TRC20',
      amount: 5000,
      txHash: 'xyz',
    });
    expect(badHash.body.error.details).toEqual([
      { path: 'txHash', message: 'The transaction hash must be 64 hexadecimal characters' },
    ]);
  });

  it('attaches my own receipt, and refuses somebody else’s as not found without writing anything', async () => {
    const mine = await upload(t, user.token);
    expect(mine.status).toBe(201);
    const created = await post(user.token, {
      method: 'offline',
      amount: 2500,
      depositorName: 'Li Wei',
      receiptUploadId: mine.body.id,
    });
    expect(created.status).toBe(201);
    expect(created.body.receiptUrl).toBe(`/api/v1/uploads/${mine.body.id}`);

    const other = await quickUser(t);
    const before = { deposits: await countRows(t, 'deposits'), keys: await countRows(t, 'idempotency_keys') };
    const foreign = await post(other.token, {
      method: 'offline',
      amount: 2500,
      depositorName: 'Li Wei',
      receiptUploadId: mine.body.id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    expect({
      deposits: await countRows(t, 'deposits'),
      keys: await countRows(t, 'idempotency_keys'),
    }).toEqual(before);
  });

  it('opens a card checkout, unless the operator switched card payment off', async () => {
    const card = await post(user.token, { method: 'card', amount: 4000 });
    expect(card.status).toBe(201);
    expect(card.body.checkoutUrl).toMatch(/^\/api\/v1\/payments\/sandbox\/checkout\/cs_[A-Za-z0-9_-]{22}$/);
    const shown = await call<Record<string, unknown>>(t, 'GET', '/admin/funding/methods', {
      token: operator,
    });
    // What the server reports about its card gateway is not part of what an admin sends back.
    const { cardProvider: _gateway, ...stored } = shown.body;
    const settings = { body: stored };
    // Changing the funding settings takes an admin with a current two-factor code.
    const admin = await twoFactorAdmin(t, operator);
    const off = await call(t, 'PUT', '/admin/funding/methods', {
      token: admin.token,
      body: { ...settings.body, cardPaymentEnabled: false, cryptoNetworks: [], totpCode: admin.nextCode() },
    });
    expect(off.status).toBe(200);
    try {
      const refused = await post(user.token, { method: 'card', amount: 4000 });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('CARD_PAYMENT_UNAVAILABLE');
      const noNetwork = await post(user.token, {
        method: 'crypto',
        network: 'USDT-TRC20',
        amount: 4000,
        txHash: 'c'.repeat(64),
      });
      expect(noNetwork.status).toBe(400);
      expect(noNetwork.body.error.details?.[0]?.path).toBe('network');
    } finally {
      await call(t, 'PUT', '/admin/funding/methods', {
        token: admin.token,
        body: { ...settings.body, totpCode: admin.nextCode() },
      });
    }
  });

  it('lists my deposits newest first, page by page, and the operator queue by status and method', async () => {
    const someone = await quickUser(t);
    const ids: string[] = [];
    for (const amount of [1000, 2000, 3000]) {
      ids.push((await offlineDeposit(t, someone, amount)).body.id);
      t.clock.advanceSeconds(1);
    }
    const page1 = await call<{ items: Deposit[]; nextCursor: string | null }>(t, 'GET', '/deposits?limit=2', {
      token: someone.token,
    });
    expect(page1.body.items.map((item) => item.amount)).toEqual([3000, 2000]);
    const page2 = await call<{ items: Deposit[]; nextCursor: string | null }>(
      t,
      'GET',
      `/deposits?limit=2&cursor=${page1.body.nextCursor}`,
      { token: someone.token },
    );
    expect(page2.body).toEqual({ items: [expect.objectContaining({ amount: 1000 })], nextCursor: null });

    await call(t, 'POST', `/admin/deposits/${ids[0]}/approve`, { token: operator });
    const approved = await call<{ items: Array<Deposit & { account: string }> }>(
      t,
      'GET',
      '/admin/deposits?status=approved&method=offline&limit=100',
      { token: operator },
    );
    expect(approved.body.items.every((item) => item.status === 'approved' && item.method === 'offline')).toBe(
      true,
    );
    expect(approved.body.items.map((item) => item.id)).toContain(ids[0]);
    const mine = await call<Deposit>(t, 'GET', `/deposits/${ids[1]}`, { token: someone.token });
    expect(mine.body).toMatchObject({ id: ids[1], amount: 2000, status: 'pending' });
    expect((await call(t, 'GET', `/deposits/${ids[1]}`, { token: user.token })).status).toBe(404);
    const one = await call<Deposit & { account: string }>(t, 'GET', `/admin/deposits/${ids[1]}`, {
      token: operator,
    });
    expect(one.body).toMatchObject({ id: ids[1], account: someone.account, status: 'pending' });
    await expectLedgerOk(t);
  });

  it('keeps the operator routes for operators: 401 without a token, 403 with a user token', async () => {
    const created = await offlineDeposit(t, user, 1500);
    for (const [method, url] of [
      ['GET', '/admin/deposits'],
      ['GET', `/admin/deposits/${created.body.id}`],
      ['POST', `/admin/deposits/${created.body.id}/approve`],
    ] as const) {
      expect((await call(t, method, url)).status).toBe(401);
      expect((await call(t, method, url, { token: user.token })).status).toBe(403);
    }
    expect(
      (
        await call(t, 'POST', `/admin/deposits/${created.body.id}/reject`, {
          token: user.token,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(await balanceOf(t, user.id)).toBe(0);
  });
});
