/**
 * Withdrawals: payment password (required, checked, locked after 5 wrong), limits, own destinations only,
 * the withdrawable amount, the hold, and the operator's pay / reject, each exactly once. The record
 * pages and the assets page show every step.
 */
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
  bindCard,
  expectLedgerOk,
  fund,
  type MoneyUser,
  newKey,
  operatorToken,
  PAYMENT_PASSWORD,
  quickUser,
  transferCount,
} from '../../../test/money.ts';

interface Withdrawal {
  id: string;
  reference: string;
  amount: number;
  status: string;
  destinationType: string;
  destinationLabel: string;
  paymentReference: string | null;
  rejectReason: string | null;
  createdAt: number;
  decidedAt: number | null;
}

const withdraw = (t: TestApp, user: MoneyUser, body: Record<string, unknown>) =>
  call<Withdrawal & ErrorJson>(t, 'POST', '/withdrawals', {
    token: user.token,
    body: {
      amount: 2000,
      destinationType: 'bank_card',
      paymentPassword: PAYMENT_PASSWORD,
      idempotencyKey: newKey(),
      ...body,
    },
  });

describe.each(DRIVERS)('withdrawals with the default turnover rule on %s', (driver) => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    operator = await operatorToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends a user without a payment password to set one first', async () => {
    const user = await quickUser(t, { paymentPassword: false, realName: 'Li Wei' });
    const card = await bindCard(t, user);
    const response = await withdraw(t, user, { destinationId: card });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'PAYMENT_PASSWORD_REQUIRED',
      message: 'Please set a payment password first',
    });
  });

  it('keeps deposits until they are staked once (1x turnover): nothing withdrawable yet', async () => {
    const user = await quickUser(t);
    const card = await bindCard(t, user);
    await fund(t, operator, user, 10_000);
    const response = await withdraw(t, user, { destinationId: card });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'EXCEEDS_WITHDRAWABLE',
      message: 'The amount exceeds your withdrawable amount of $0.00',
      params: { amount: '$0.00' },
    });
    expect(await balanceOf(t, user.id)).toBe(10_000);
    const assets = await call(t, 'GET', '/me/assets', { token: user.token });
    expect(assets.body).toMatchObject({ balance: 10_000, withdrawable: 0, held: 0, totalDeposited: 10_000 });
    await expectLedgerOk(t);
  });

  it('locks withdrawals for 15 minutes after 5 wrong payment passwords', async () => {
    const user = await quickUser(t);
    const card = await bindCard(t, user);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await withdraw(t, user, { destinationId: card, paymentPassword: '000000' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('PAYMENT_PASSWORD_WRONG');
    }
    const locked = await withdraw(t, user, { destinationId: card });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatchObject({ code: 'PAYMENT_PASSWORD_LOCKED', retryAfterSeconds: 900 });
    expect(locked.headers['retry-after']).toBe('900');
    t.clock.advanceSeconds(15 * 60);
    // Unlocked: the right password is checked again (and then the turnover rule answers).
    const after = await withdraw(t, user, { destinationId: card });
    expect(after.body.error.code).toBe('EXCEEDS_WITHDRAWABLE');
  });
});

describe.each(DRIVERS)('withdrawals on %s', (driver) => {
  let t: TestApp;
  let operator: string;
  let user: MoneyUser;
  let card: string;
  beforeAll(async () => {
    t = await createTestApp({ driver, env: { TURNOVER_MULTIPLIER: '0', WITHDRAWALS_PER_DAY: '4' } });
    operator = await operatorToken(t);
    user = await quickUser(t);
    card = await bindCard(t, user, '6222021234567890');
    await fund(t, operator, user, 100_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds the amount at request, then pays it out once', async () => {
    const requested = await withdraw(t, user, { destinationId: card, amount: 25_000 });
    expect(requested.status).toBe(201);
    expect(requested.body).toEqual({
      id: expect.any(String),
      reference: expect.stringMatching(/^W[0-9A-Z]{9}$/),
      amount: 25_000,
      status: 'pending',
      destinationType: 'bank_card',
      destinationLabel: 'HSBC **** 7890',
      paymentReference: null,
      rejectReason: null,
      createdAt: expect.any(Number),
      decidedAt: null,
    });
    expect(await balanceOf(t, user.id)).toBe(75_000);
    const assets = await call(t, 'GET', '/me/assets', { token: user.token });
    expect(assets.body).toEqual({
      currency: 'USD',
      balance: 75_000,
      withdrawable: 75_000,
      held: 25_000,
      totalDeposited: 100_000,
      totalWithdrawn: 0,
      pendingDeposits: 0,
      pendingWithdrawals: 1,
      // The turnover rule is met: nothing more to stake before the deposit is withdrawable.
      turnover: { multiplier: 0, totalDeposited: 100_000, totalStaked: 0, stakesOwed: 0 },
    });
    expect((await call(t, 'GET', '/me', { token: user.token })).body).toMatchObject({
      balance: 75_000,
      withdrawable: 75_000,
      unprocessedCount: 1,
    });
    await expectLedgerOk(t);

    const transfers = await transferCount(t);
    const paid = await call<Withdrawal & { destinationDetail: string; account: string }>(
      t,
      'POST',
      `/admin/withdrawals/${requested.body.id}/pay`,
      { token: operator, body: { paymentReference: 'BANK-REF-1' } },
    );
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'paid',
      paymentReference: 'BANK-REF-1',
      account: user.account,
      destinationDetail: 'HSBC 6222021234567890 (Li Wei)',
    });
    const again = await call(t, 'POST', `/admin/withdrawals/${requested.body.id}/pay`, {
      token: operator,
      body: { paymentReference: 'BANK-REF-2' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(paid.body);
    const reject = await call<ErrorJson>(t, 'POST', `/admin/withdrawals/${requested.body.id}/reject`, {
      token: operator,
      body: { reason: 'no' },
    });
    expect(reject.status).toBe(409);
    expect(reject.body.error.code).toBe('NOT_PENDING');
    expect(await transferCount(t)).toBe(transfers + 1);
    expect(await balanceOf(t, user.id)).toBe(75_000);
    const assetsAfter = await call(t, 'GET', '/me/assets', { token: user.token });
    expect(assetsAfter.body).toMatchObject({ held: 0, totalWithdrawn: 25_000, pendingWithdrawals: 0 });
    await expectLedgerOk(t);
  });

  it('refunds a rejected withdrawal exactly once, even when two rejections race', async () => {
    const requested = await withdraw(t, user, { destinationId: card, amount: 5000 });
    expect(await balanceOf(t, user.id)).toBe(70_000);
    const [a, b] = await Promise.all([
      call(t, 'POST', `/admin/withdrawals/${requested.body.id}/reject`, {
        token: operator,
        body: { reason: 'Wrong card' },
      }),
      call(t, 'POST', `/admin/withdrawals/${requested.body.id}/reject`, {
        token: operator,
        body: { reason: 'Wrong card' },
      }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toMatchObject({ status: 'rejected', rejectReason: 'Wrong card' });
    expect(await balanceOf(t, user.id)).toBe(75_000);
    const pay = await call<ErrorJson>(t, 'POST', `/admin/withdrawals/${requested.body.id}/pay`, {
      token: operator,
      body: { paymentReference: 'X' },
    });
    expect(pay.body.error.code).toBe('NOT_PENDING');
    await expectLedgerOk(t);
  });

  it('refuses amounts outside the limits and beyond the balance, with the figure in the message', async () => {
    const low = await withdraw(t, user, { destinationId: card, amount: 1999 });
    expect(low.body.error).toEqual({
      code: 'WITHDRAWAL_BELOW_MINIMUM',
      message: 'Withdrawal amount cannot be less than $20.00',
      params: { amount: '$20.00' },
    });
    const high = await withdraw(t, user, { destinationId: card, amount: 5_000_001 });
    expect(high.body.error).toMatchObject({
      code: 'WITHDRAWAL_ABOVE_MAXIMUM',
      params: { amount: '$50,000.00' },
    });
    const tooMuch = await withdraw(t, user, { destinationId: card, amount: 75_001 });
    expect(tooMuch.body.error).toMatchObject({ code: 'EXCEEDS_WITHDRAWABLE', params: { amount: '$750.00' } });
    expect(await balanceOf(t, user.id)).toBe(75_000);
  });

  it("answers 404 for another user's card or wallet, or a removed one, and writes nothing", async () => {
    const other = await quickUser(t, { realName: 'Wang Fang' });
    const theirCard = await bindCard(t, other);
    const theirWallet = await call<{ id: string }>(t, 'POST', '/wallets', {
      token: other.token,
      body: { type: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    const removed = await bindCard(t, user);
    await call(t, 'DELETE', `/bank-cards/${removed}`, { token: user.token });
    const counts = async () => ({
      withdrawals: await countRows(t, 'withdrawals'),
      transfers: await countRows(t, 'ledger_transfers'),
      keys: await countRows(t, 'idempotency_keys'),
    });
    const before = await counts();
    for (const [destinationType, destinationId] of [
      ['bank_card', theirCard],
      ['wallet', theirWallet.body.id],
      ['bank_card', removed],
      ['wallet', card],
    ]) {
      const response = await withdraw(t, user, { destinationType, destinationId });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
    expect(await counts()).toEqual(before);
    expect(await balanceOf(t, user.id)).toBe(75_000);
  });

  it('allows the configured number of requests per UTC day', async () => {
    // Two requests so far today (paid, rejected); the limit is 4.
    const wallet = await call<{ id: string }>(t, 'POST', '/wallets', {
      token: user.token,
      body: { type: 'USDT-ERC20', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
    });
    const third = await withdraw(t, user, { destinationType: 'wallet', destinationId: wallet.body.id });
    expect(third.status).toBe(201);
    expect(third.body.destinationLabel).toBe('USDT-ERC20 0xdAC1…831ec7');
    expect((await withdraw(t, user, { destinationId: card })).status).toBe(201);
    const fifth = await withdraw(t, user, { destinationId: card });
    expect(fifth.status).toBe(429);
    expect(fifth.body.error).toEqual({
      code: 'WITHDRAWAL_DAILY_LIMIT',
      message: 'You can make at most 4 withdrawals per day',
      params: { count: '4' },
    });
    // The operator queue filters by method: only the wallet request when asking for wallets.
    const toWallets = await call<{ items: Array<{ id: string; destinationType: string }> }>(
      t,
      'GET',
      '/admin/withdrawals?destinationType=wallet&limit=100',
      { token: operator },
    );
    expect(toWallets.body.items.map((item) => [item.id, item.destinationType])).toEqual([
      [third.body.id, 'wallet'],
    ]);
    t.clock.advanceSeconds(24 * 3600);
    expect((await withdraw(t, user, { destinationId: card })).status).toBe(201);
    await expectLedgerOk(t);
    // A day idle ended the console session (CONSOLE_IDLE_TIMEOUT_SECONDS): the operator signs in again.
    operator = await operatorToken(t);
  });

  it('answers a retried request with the first response and holds the money once', async () => {
    const key = newKey();
    const balance = await balanceOf(t, user.id);
    const first = await withdraw(t, user, { destinationId: card, amount: 3000, idempotencyKey: key });
    const second = await withdraw(t, user, { destinationId: card, amount: 3000, idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await balanceOf(t, user.id)).toBe(balance - 3000);
    const changed = await withdraw(t, user, { destinationId: card, amount: 3001, idempotencyKey: key });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('IDEMPOTENCY_CONFLICT');
    await expectLedgerOk(t);
  });

  it('shows every step on the record pages, newest first', async () => {
    const withdrawals = await call<{ items: Withdrawal[]; nextCursor: string | null }>(
      t,
      'GET',
      '/withdrawals?limit=3',
      {
        token: user.token,
      },
    );
    expect(withdrawals.body.items.map((item) => item.amount)).toEqual([3000, 2000, 2000]);
    expect(withdrawals.body.nextCursor).toEqual(expect.any(String));
    const rest = await call<{ items: Withdrawal[]; nextCursor: string | null }>(
      t,
      'GET',
      `/withdrawals?cursor=${withdrawals.body.nextCursor}`,
      { token: user.token },
    );
    expect(rest.body.items.map((item) => [item.status, item.destinationType])).toEqual([
      ['pending', 'wallet'],
      ['rejected', 'bank_card'],
      ['paid', 'bank_card'],
    ]);
    expect(rest.body.nextCursor).toBeNull();

    // The operator's queue, two at a time, pages through the same rows as in one page, in the same order.
    const everything = await call<{ items: Withdrawal[] }>(t, 'GET', '/admin/withdrawals?limit=100', {
      token: operator,
    });
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: Withdrawal[]; nextCursor: string | null } } = await call(
        t,
        'GET',
        `/admin/withdrawals?limit=2${cursor === null ? '' : `&cursor=${cursor}`}`,
        { token: operator },
      );
      paged.push(...page.body.items.map((item) => item.id));
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    expect(everything.body.items.length).toBeGreaterThan(2);
    expect(paged).toEqual(everything.body.items.map((item) => item.id));

    const transactions = await call<{ items: Array<{ code: string; amount: number }> }>(
      t,
      'GET',
      '/transactions?limit=100',
      { token: user.token },
    );
    const codes = transactions.body.items.map((item) => `${item.code} ${item.amount}`);
    expect(codes.at(-1)).toBe('deposit 100000');
    expect(codes).toContain('withdrawal_hold -25000');
    expect(codes).toContain('withdrawal_refund 5000');
    // A payment out does not touch the user's balance again: the hold already took it.
    expect(codes.some((code) => code.startsWith('withdrawal_paid'))).toBe(false);
    const sum = transactions.body.items.reduce((total, item) => total + item.amount, 0);
    expect(sum).toBe(await balanceOf(t, user.id));

    const queue = await call<{ items: Array<Withdrawal & { account: string }> }>(
      t,
      'GET',
      '/admin/withdrawals?status=pending&limit=100',
      { token: operator },
    );
    expect(queue.body.items.length).toBeGreaterThanOrEqual(4);
    expect(queue.body.items.every((item) => item.status === 'pending')).toBe(true);
    const first = queue.body.items[0];
    const one = await call(t, 'GET', `/admin/withdrawals/${first?.id}`, { token: operator });
    expect(one.body).toMatchObject({ id: first?.id, account: user.account });
  });

  it('keeps the operator routes for operators', async () => {
    const id = crypto.randomUUID();
    expect((await call(t, 'GET', '/admin/withdrawals')).status).toBe(401);
    expect((await call(t, 'GET', '/admin/withdrawals', { token: user.token })).status).toBe(403);
    const body = { paymentReference: 'x' };
    expect((await call(t, 'POST', `/admin/withdrawals/${id}/pay`, { body })).status).toBe(401);
    expect((await call(t, 'POST', `/admin/withdrawals/${id}/pay`, { token: user.token, body })).status).toBe(
      403,
    );
    expect((await call(t, 'POST', `/admin/withdrawals/${id}/pay`, { token: operator, body })).status).toBe(
      404,
    );
  });
});
