/**
 * The console's users: search, the full detail, freeze and unfreeze (no login, no money, open
 * sessions end and realtime is told to disconnect), credit score, forced password reset (login refused
 * until the emailed code resets it), and balance adjustments as double-entry transfers with the house —
 * every action audited with before and after.
 */
import type { AdminUser, AdminUserDetail, AuditEntry } from '@tradehall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, recordEvents, userEvents } from './admin-support.ts';
import {
  call,
  createTestApp,
  DRIVERS,
  type ErrorJson,
  login,
  loginToken,
  register,
  type TestApp,
  uniqueAccount,
} from './harness.ts';
import {
  balanceOf,
  bindCard,
  expectLedgerOk,
  fund,
  LOGIN_PASSWORD,
  type MoneyUser,
  newKey,
  offlineDeposit,
  operatorToken,
  PAYMENT_PASSWORD,
  quickUser,
  transferCount,
} from './money.ts';
import { codeFrom, startSmtp, type TestSmtp } from './smtp.ts';

describe.each(DRIVERS)('console users on %s', (driver) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ driver, smtpUrl: smtp.url, env: { TURNOVER_MULTIPLIER: '0' } });
    // Money decisions (the deposits below) take an operator with two-factor on: the demo admin, enrolled.
    admin = await operatorToken(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const search = (query: string) =>
    call<{ items: AdminUser[]; nextCursor: string | null }>(t, 'GET', `/admin/users${query}`, {
      token: admin,
    });
  const action = (userId: string, path: string, body: Record<string, unknown>) =>
    call<AdminUser & ErrorJson>(t, 'POST', `/admin/users/${userId}/${path}`, { token: admin, body });
  const adjust = (userId: string, amount: number, idempotencyKey = newKey(), reason = 'Goodwill credit') =>
    call<{ transferId: string; balance: number } & ErrorJson>(
      t,
      'POST',
      `/admin/users/${userId}/balance-adjustments`,
      { token: admin, body: { amount, reason, idempotencyKey } },
    );

  it('searches by part of the account, nickname or email, or the exact id; % is literal; pages by cursor', async () => {
    const marker = `zq${Date.now().toString(36)}`;
    const users = [];
    for (let i = 0; i < 3; i += 1) {
      users.push(await quickUser(t, { prefix: `${marker}${i}` }));
      // Newest first: each a second apart (ids are random, so equal times would order arbitrarily).
      t.clock.advanceSeconds(1);
    }
    const byAccount = await search(`?q=${marker.toUpperCase()}`);
    expect(byAccount.status).toBe(200);
    expect(byAccount.body.items.map((user) => user.id)).toEqual(users.map((user) => user.id).reverse());
    expect(byAccount.body.items[0]).toEqual({
      id: users[2]?.id,
      account: users[2]?.account,
      nickname: users[2]?.account,
      email: null,
      realName: null,
      creditScore: expect.any(Number),
      frozen: false,
      balance: 0,
      createdAt: expect.any(Number),
    });
    const byId = await search(`?q=${users[1]?.id}`);
    expect(byId.body.items.map((user) => user.id)).toEqual([users[1]?.id]);
    expect((await search('?q=%25')).body.items).toEqual([]);

    const first = await search(`?q=${marker}&limit=2`);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await search(`?q=${marker}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((user) => user.id)).toEqual([users[0]?.id]);
    expect(second.body.nextCursor).toBeNull();
    const bad = await call<ErrorJson>(t, 'GET', '/admin/users?cursor=nonsense', { token: admin });
    expect(bad.status).toBe(400);
  });

  it('shows one user in full: balance, withdrawable, ledger, deposits, withdrawals, cards, sessions', async () => {
    const user = await quickUser(t);
    const card = await bindCard(t, user);
    await fund(t, admin, user, 80_00);
    const pending = await offlineDeposit(t, user, 20_00);
    const withdrawal = await call<{ id: string }>(t, 'POST', '/withdrawals', {
      token: user.token,
      body: {
        amount: 30_00,
        destinationType: 'bank_card',
        destinationId: card,
        paymentPassword: PAYMENT_PASSWORD,
        idempotencyKey: newKey(),
      },
    });
    expect(withdrawal.status).toBe(201);
    const detail = await call<AdminUserDetail>(t, 'GET', `/admin/users/${user.id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.user).toMatchObject({ id: user.id, account: user.account, balance: 50_00 });
    expect(detail.body.withdrawable).toBe(50_00);
    expect(detail.body.ledger.map((entry) => [entry.code, entry.amount])).toEqual([
      ['withdrawal_hold', -30_00],
      ['deposit', 80_00],
    ]);
    expect(detail.body.ledger[0]?.reference).toBe(`withdrawal:${withdrawal.body.id}`);
    expect(
      detail.body.deposits.map((deposit) => [deposit.id, deposit.status, deposit.account]),
    ).toContainEqual([pending.body.id, 'pending', user.account]);
    expect(detail.body.withdrawals).toEqual([
      expect.objectContaining({ id: withdrawal.body.id, status: 'pending', userId: user.id }),
    ]);
    expect(detail.body.bankCards.map((entry) => entry.id)).toEqual([card]);
    expect(detail.body.wallets).toEqual([]);
    expect(detail.body.positions).toEqual([]);
    expect(detail.body.sessions).toHaveLength(1);
    const missing = await call<ErrorJson>(t, 'GET', '/admin/users/00000000-0000-4000-8000-000000000000', {
      token: admin,
    });
    expect(missing.status).toBe(404);
  });

  it('freezes: sessions end at once (and realtime is told), login is refused, money cannot move; unfreeze restores login', async () => {
    const user = await quickUser(t);
    await fund(t, admin, user, 50_00);
    const otherSession = await loginToken(t, user.account, LOGIN_PASSWORD);
    const recorder = recordEvents(t);
    const frozen = await action(user.id, 'freeze', { reason: 'Chargeback investigation' });
    recorder.stop();
    expect(frozen.status).toBe(200);
    expect(frozen.body.frozen).toBe(true);
    expect(recorder.events).toContainEqual({
      channel: 'disconnect',
      userId: user.id,
      sessions: { kind: 'all' },
    });
    for (const token of [user.token, otherSession]) {
      expect((await call(t, 'GET', '/me', { token })).status).toBe(401);
    }
    const live = await t.database.kysely
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const refused = await login(t, user.account, LOGIN_PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('ACCOUNT_FROZEN');

    // A request already past authentication when the freeze committed is refused by the money itself.
    const transfers = await transferCount(t);
    await expect(
      t.services.deposits.create(user.id, {
        method: 'offline',
        amount: 20_00,
        depositorName: 'Li Wei',
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: 'ACCOUNT_FROZEN' });
    await expect(
      t.services.withdrawals.create(user.id, {
        amount: 20_00,
        destinationType: 'bank_card',
        destinationId: '00000000-0000-4000-8000-000000000000',
        paymentPassword: PAYMENT_PASSWORD,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: 'ACCOUNT_FROZEN' });
    expect(await transferCount(t)).toBe(transfers);

    // Freezing again (a double click) changes nothing and records nothing.
    expect((await action(user.id, 'freeze', { reason: 'again' })).body.frozen).toBe(true);
    const unfrozen = await action(user.id, 'unfreeze', { reason: 'Resolved' });
    expect(unfrozen.body.frozen).toBe(false);
    expect((await login(t, user.account, LOGIN_PASSWORD)).status).toBe(200);
    const log = await auditOf(t, admin, 'user', user.id);
    expect(log.map((entry: AuditEntry) => [entry.action, entry.reason, entry.before, entry.after])).toEqual([
      ['user.unfreeze', 'Resolved', { frozen: true }, { frozen: false }],
      ['user.freeze', 'Chargeback investigation', { frozen: false }, { frozen: true }],
    ]);
    const noReason = await action(user.id, 'freeze', { reason: '  ' });
    expect(noReason.status).toBe(400);
  });

  it('sets the credit score with a reason (audited before and after)', async () => {
    const user = await quickUser(t);
    const before = (await search(`?q=${user.id}`)).body.items[0]?.creditScore;
    const updated = await action(user.id, 'credit-score', { score: 420, reason: 'Late repayments' });
    expect(updated.status).toBe(200);
    expect(updated.body.creditScore).toBe(420);
    expect((await action(user.id, 'credit-score', { score: 1001, reason: 'x' })).status).toBe(400);
    const [entry] = await auditOf(t, admin, 'user', user.id);
    expect(entry).toMatchObject({
      action: 'user.credit_score',
      reason: 'Late repayments',
      before: { creditScore: before },
      after: { creditScore: 420 },
    });
  });

  it('forces a password reset: sessions end, login says PASSWORD_RESET_REQUIRED until the emailed code resets it', async () => {
    const account = uniqueAccount('reset');
    const email = `${account.toLowerCase()}@example.com`;
    const { id } = await register(t, account, 'secret123', { email });
    const token = await loginToken(t, account, 'secret123');
    const recorder = recordEvents(t);
    const forced = await action(id, 'password-reset', { reason: 'Account shared' });
    recorder.stop();
    expect(forced.status).toBe(200);
    expect(recorder.events).toContainEqual({ channel: 'disconnect', userId: id, sessions: { kind: 'all' } });
    expect((await call(t, 'GET', '/me', { token })).status).toBe(401);
    const refused = await login(t, account, 'secret123');
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('PASSWORD_RESET_REQUIRED');

    const code = codeFrom(await smtp.waitFor(email));
    const reset = await call(t, 'POST', '/auth/password-reset', {
      body: { account, code, password: 'brandnew123', confirmPassword: 'brandnew123' },
    });
    expect(reset.status).toBe(200);
    expect((await login(t, account, 'brandnew123')).status).toBe(200);
    const [entry] = await auditOf(t, admin, 'user', id);
    expect(entry).toMatchObject({
      action: 'user.password_reset',
      reason: 'Account shared',
      after: { passwordResetRequired: true },
    });
  });

  it('adjusts a balance by a house transfer: credit, debit, never below zero, idempotent, audited', async () => {
    const user: MoneyUser = await quickUser(t);
    const key = newKey();
    const recorder = recordEvents(t);
    const credited = await adjust(user.id, 150_00, key);
    recorder.stop();
    expect(credited.status).toBe(200);
    expect(credited.body).toEqual({ transferId: expect.stringMatching(/^\d+$/), balance: 150_00 });
    expect(userEvents(recorder.events, user.id)).toEqual([
      { event: 'balance.changed', data: { balance: 150_00 } },
    ]);
    // The same key again: the first transfer, the balance as it is, nothing new.
    const transfers = await transferCount(t);
    const replay = await adjust(user.id, 150_00, key);
    expect(replay.body).toEqual(credited.body);
    expect(await transferCount(t)).toBe(transfers);
    const conflict = await adjust(user.id, 151_00, key);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('IDEMPOTENCY_CONFLICT');

    const debited = await adjust(user.id, -50_00, newKey(), 'Duplicate credit reversed');
    expect(debited.body.balance).toBe(100_00);
    const tooMuch = await adjust(user.id, -100_01);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(t, user.id)).toBe(100_00);
    expect((await adjust(user.id, 0)).status).toBe(400);
    const noUser = await adjust('00000000-0000-4000-8000-000000000000', 100);
    expect(noUser.status).toBe(404);

    const log = await auditOf(t, admin, 'user', user.id);
    expect(log.map((entry) => [entry.action, entry.reason, entry.before, entry.after])).toEqual([
      [
        'user.balance_adjust',
        'Duplicate credit reversed',
        { balance: 150_00 },
        expect.objectContaining({ balance: 100_00, amount: -50_00, transferId: debited.body.transferId }),
      ],
      [
        'user.balance_adjust',
        'Goodwill credit',
        { balance: 0 },
        expect.objectContaining({ balance: 150_00, amount: 150_00, transferId: credited.body.transferId }),
      ],
    ]);
    // In the ledger: two adjustment transfers between the house and the user.
    const transfersOfUser = await call<{
      items: Array<{ code: string; debitAccount: string; creditAccount: string; amount: number }>;
    }>(t, 'GET', `/admin/ledger/transfers?userId=${user.id}&code=adjustment`, { token: admin });
    expect(
      transfersOfUser.body.items.map((item) => [item.debitAccount, item.creditAccount, item.amount]),
    ).toEqual([
      [`user:${user.account}`, 'house', 50_00],
      ['house', `user:${user.account}`, 150_00],
    ]);
    await expectLedgerOk(t);
  });
});
