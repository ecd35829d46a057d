/**
 * The deposit and withdrawal queues as the console drives them: each decision is audited in its
 * transaction with before and after; a repeated click answers the same result and changes nothing (no
 * second credit, entry or event), the opposite decision is NOT_PENDING; and the user hears
 * `balance.changed` and `order.updated` after the commit — also for their own requests and for a card
 * payment credited by the gateway's webhook.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, signatureHeader } from '../src/modules/payments/sandbox/sandbox-signature.ts';
import { auditOf, recordEvents, userEvents } from './admin-support.ts';
import { API, call, createTestApp, DRIVERS, type ErrorJson, type TestApp } from './harness.ts';
import {
  balanceOf,
  bindCard,
  expectLedgerOk,
  fund,
  type MoneyUser,
  newKey,
  offlineDeposit,
  operatorToken,
  PAYMENT_PASSWORD,
  quickUser,
  transferCount,
} from './money.ts';

describe.each(DRIVERS)('deposit and withdrawal queues on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let user: MoneyUser;
  let card: string;
  beforeAll(async () => {
    t = await createTestApp({ driver, env: { TURNOVER_MULTIPLIER: '0', WITHDRAWALS_PER_DAY: '100' } });
    // Money decisions take an operator with two-factor on: the demo admin, enrolled.
    admin = await operatorToken(t);
    user = await quickUser(t);
    card = await bindCard(t, user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const withdraw = (amount: number) =>
    call<{ id: string; status: string }>(t, 'POST', '/withdrawals', {
      token: user.token,
      body: {
        amount,
        destinationType: 'bank_card',
        destinationId: card,
        paymentPassword: PAYMENT_PASSWORD,
        idempotencyKey: newKey(),
      },
    });

  it('tells the user about their own deposit request (order.updated, pending) and nothing about money', async () => {
    const recorder = recordEvents(t);
    const deposit = await offlineDeposit(t, user, 2500);
    recorder.stop();
    expect(deposit.status).toBe(201);
    expect(userEvents(recorder.events, user.id)).toEqual([
      { event: 'order.updated', data: { kind: 'deposit', id: deposit.body.id, status: 'pending' } },
    ]);
  });

  it('approves once: credit, audit entry and events once; a double click answers the same and changes nothing', async () => {
    const deposit = await offlineDeposit(t, user, 5000);
    const balance = await balanceOf(t, user.id);
    const recorder = recordEvents(t);
    const first = await call<{ status: string; decidedAt: number }>(
      t,
      'POST',
      `/admin/deposits/${deposit.body.id}/approve`,
      { token: admin },
    );
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('approved');
    const transfers = await transferCount(t);
    const second = await call(t, 'POST', `/admin/deposits/${deposit.body.id}/approve`, { token: admin });
    recorder.stop();
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await balanceOf(t, user.id)).toBe(balance + 5000);
    expect(await transferCount(t)).toBe(transfers);
    expect(userEvents(recorder.events, user.id)).toEqual([
      { event: 'balance.changed', data: { balance: balance + 5000 } },
      { event: 'order.updated', data: { kind: 'deposit', id: deposit.body.id, status: 'approved' } },
    ]);
    const log = await auditOf(t, admin, 'deposit', deposit.body.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'deposit.approve',
      operatorAccount: 'admin',
      reason: null,
      before: { status: 'pending', amount: 5000, userId: user.id },
      after: { status: 'approved', amount: 5000, userId: user.id, balance: balance + 5000 },
    });
    // The opposite decision now: NOT_PENDING, nothing written.
    const reject = await call<ErrorJson>(t, 'POST', `/admin/deposits/${deposit.body.id}/reject`, {
      token: admin,
      body: { reason: 'too late' },
    });
    expect(reject.status).toBe(409);
    expect(reject.body.error.code).toBe('NOT_PENDING');
    expect(await auditOf(t, admin, 'deposit', deposit.body.id)).toHaveLength(1);
    await expectLedgerOk(t);
  });

  it('rejects with a reason: audited, the user hears the new status, no money moves', async () => {
    const deposit = await offlineDeposit(t, user, 3000);
    const balance = await balanceOf(t, user.id);
    const recorder = recordEvents(t);
    const rejected = await call<{ status: string; rejectReason: string }>(
      t,
      'POST',
      `/admin/deposits/${deposit.body.id}/reject`,
      { token: admin, body: { reason: 'Receipt does not match' } },
    );
    const again = await call(t, 'POST', `/admin/deposits/${deposit.body.id}/reject`, {
      token: admin,
      body: { reason: 'Receipt does not match' },
    });
    recorder.stop();
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectReason: 'Receipt does not match' });
    expect(again.body).toEqual(rejected.body);
    expect(await balanceOf(t, user.id)).toBe(balance);
    expect(userEvents(recorder.events, user.id)).toEqual([
      { event: 'order.updated', data: { kind: 'deposit', id: deposit.body.id, status: 'rejected' } },
    ]);
    const log = await auditOf(t, admin, 'deposit', deposit.body.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'deposit.reject',
      reason: 'Receipt does not match',
      after: { status: 'rejected', rejectReason: 'Receipt does not match' },
    });
  });

  it('withdrawal: the request holds money (balance.changed), pay audits and tells the status once', async () => {
    await fund(t, admin, user, 100_00);
    const balance = await balanceOf(t, user.id);
    const recorder = recordEvents(t);
    const request = await withdraw(30_00);
    expect(request.status).toBe(201);
    const paid = await call<{ status: string; paymentReference: string }>(
      t,
      'POST',
      `/admin/withdrawals/${request.body.id}/pay`,
      { token: admin, body: { paymentReference: 'BANK-REF-1' } },
    );
    const again = await call(t, 'POST', `/admin/withdrawals/${request.body.id}/pay`, {
      token: admin,
      body: { paymentReference: 'BANK-REF-1' },
    });
    recorder.stop();
    expect(paid.body).toMatchObject({ status: 'paid', paymentReference: 'BANK-REF-1' });
    expect(again.body).toEqual(paid.body);
    expect(await balanceOf(t, user.id)).toBe(balance - 30_00);
    expect(userEvents(recorder.events, user.id)).toEqual([
      { event: 'balance.changed', data: { balance: balance - 30_00 } },
      { event: 'order.updated', data: { kind: 'withdrawal', id: request.body.id, status: 'pending' } },
      { event: 'order.updated', data: { kind: 'withdrawal', id: request.body.id, status: 'paid' } },
    ]);
    const log = await auditOf(t, admin, 'withdrawal', request.body.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'withdrawal.pay',
      before: { status: 'pending', amount: 30_00, userId: user.id },
      after: { status: 'paid', paymentReference: 'BANK-REF-1' },
    });
    const reject = await call<ErrorJson>(t, 'POST', `/admin/withdrawals/${request.body.id}/reject`, {
      token: admin,
      body: { reason: 'no' },
    });
    expect(reject.body.error.code).toBe('NOT_PENDING');
    await expectLedgerOk(t);
  });

  it('withdrawal reject refunds once: balance.changed with the refunded balance, audited with the reason', async () => {
    const balance = await balanceOf(t, user.id);
    const request = await withdraw(25_00);
    const recorder = recordEvents(t);
    const rejected = await call(t, 'POST', `/admin/withdrawals/${request.body.id}/reject`, {
      token: admin,
      body: { reason: 'Card closed' },
    });
    await call(t, 'POST', `/admin/withdrawals/${request.body.id}/reject`, {
      token: admin,
      body: { reason: 'Card closed' },
    });
    recorder.stop();
    expect(rejected.status).toBe(200);
    expect(await balanceOf(t, user.id)).toBe(balance);
    expect(userEvents(recorder.events, user.id)).toEqual([
      { event: 'balance.changed', data: { balance } },
      { event: 'order.updated', data: { kind: 'withdrawal', id: request.body.id, status: 'rejected' } },
    ]);
    const log = await auditOf(t, admin, 'withdrawal', request.body.id);
    expect(log.map((entry) => [entry.action, entry.reason])).toEqual([['withdrawal.reject', 'Card closed']]);
    await expectLedgerOk(t);
  });

  it('a card payment credited by the gateway webhook tells the user too (once, replays say nothing)', async () => {
    const created = await call<{ id: string; checkoutUrl: string }>(t, 'POST', '/deposits', {
      token: user.token,
      body: { method: 'card', amount: 4200, idempotencyKey: newKey() },
    });
    expect(created.status).toBe(201);
    const balance = await balanceOf(t, user.id);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const body = JSON.stringify({
      eventId: `evt_${randomBytes(8).toString('hex')}`,
      type: 'payment.succeeded',
      checkoutId: created.body.checkoutUrl.split('/').at(-1),
      amount: 4200,
      currency: 'USD',
      occurredAt: now,
    });
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: `${API}/payments/sandbox/webhook`,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signatureHeader(t.config.funding.webhookSecret, now, body),
        },
        payload: body,
      });
    const recorder = recordEvents(t);
    expect((await deliver()).statusCode).toBe(200);
    expect((await deliver()).statusCode).toBe(409);
    recorder.stop();
    expect(userEvents(recorder.events, user.id)).toEqual([
      { event: 'balance.changed', data: { balance: balance + 4200 } },
      { event: 'order.updated', data: { kind: 'deposit', id: created.body.id, status: 'approved' } },
    ]);
    // Not an operator's action: nothing in the audit log.
    expect(await auditOf(t, admin, 'deposit', created.body.id)).toEqual([]);
  });

  it('filters the queues by status and method, newest first', async () => {
    const pending = await call<{ items: Array<{ status: string; method: string }> }>(
      t,
      'GET',
      '/admin/deposits?status=approved&method=card',
      { token: admin },
    );
    expect(pending.status).toBe(200);
    expect(pending.body.items.length).toBeGreaterThanOrEqual(1);
    expect(pending.body.items.every((item) => item.status === 'approved' && item.method === 'card')).toBe(
      true,
    );
    const withdrawals = await call<{ items: Array<{ status: string }> }>(
      t,
      'GET',
      '/admin/withdrawals?status=paid',
      { token: admin },
    );
    expect(withdrawals.body.items.map((item) => item.status)).toEqual(['paid']);
  });
});
