/**
 * Card payments through the sandbox gateway: the signature, its freshness, replayed events and amount
 * mismatches are refused and credit nothing; a good event credits once; and the hosted page's Pay sends
 * a real signed webhook over HTTP that approves the deposit.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { webhookSignature } from '@tradehall/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, DRIVERS, type TestApp } from '../../../../test/harness.ts';
import {
  balanceOf,
  expectLedgerOk,
  type MoneyUser,
  newKey,
  operatorToken,
  quickUser,
  transferCount,
} from '../../../../test/money.ts';
import { escapeHtml } from './checkout-page.ts';
import { passesLuhn } from './sandbox-gateway.ts';
import {
  parseSignatureHeader,
  SIGNATURE_HEADER,
  signatureHeader,
  verifySignature,
} from './sandbox-signature.ts';

describe('sandbox webhook signature', () => {
  const body = '{"eventId":"evt_1"}';
  const secret = 'a-long-enough-test-secret';

  it('verifies its own signature within the tolerance, and nothing else', () => {
    const header = signatureHeader(secret, 1_700_000_000, body);
    expect(header).toBe(`t=1700000000,v1=${webhookSignature(secret, 1_700_000_000, body)}`);
    const check = (overrides: Partial<Parameters<typeof verifySignature>[0]>) =>
      verifySignature({
        secret,
        header,
        rawBody: body,
        nowSeconds: 1_700_000_100,
        toleranceSeconds: 300,
        ...overrides,
      });
    expect(check({})).toBe(true);
    expect(check({ nowSeconds: 1_700_000_301 })).toBe(false);
    expect(check({ nowSeconds: 1_699_999_699 })).toBe(false);
    expect(check({ secret: 'another-secret-entirely' })).toBe(false);
    expect(check({ rawBody: `${body} ` })).toBe(false);
    expect(check({ header: undefined })).toBe(false);
    expect(check({ header: header.replace('t=1700000000', 't=1700000001') })).toBe(false);
    // Another valid-looking v1 first does not hide the right one (key rotation sends several).
    expect(check({ header: `${header},v1=${'0'.repeat(64)}` })).toBe(true);
  });

  it('parses only the documented header shape', () => {
    expect(parseSignatureHeader(`t=12,v1=${'a'.repeat(64)}`)).toEqual({
      timestamp: 12,
      signatures: ['a'.repeat(64)],
    });
    expect(parseSignatureHeader('t=12')).toBeNull();
    expect(parseSignatureHeader(`v1=${'a'.repeat(64)}`)).toBeNull();
    expect(parseSignatureHeader(`t=x,v1=${'a'.repeat(64)}`)).toBeNull();
    expect(parseSignatureHeader(`t=12,v1=${'a'.repeat(64)}=x`)).toBeNull();
  });

  it('knows test card numbers and escapes HTML', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(escapeHtml(`<script>"it's" & more</script>`)).toBe(
      '&lt;script&gt;&quot;it&#39;s&quot; &amp; more&lt;/script&gt;',
    );
  });
});

interface CardDeposit {
  id: string;
  status: string;
  checkoutUrl: string;
  rejectReason: string | null;
}

describe.each(DRIVERS)('card deposits through the sandbox gateway on %s', (driver) => {
  let t: TestApp;
  let user: MoneyUser;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    user = await quickUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const cardDeposit = async (amount: number) => {
    const response = await call<CardDeposit>(t, 'POST', '/deposits', {
      token: user.token,
      body: { method: 'card', amount, idempotencyKey: newKey() },
    });
    expect(response.status).toBe(201);
    return { ...response.body, checkoutId: response.body.checkoutUrl.split('/').at(-1) ?? '' };
  };

  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  const event = (checkoutId: string, amount: number, overrides: Record<string, unknown> = {}) =>
    JSON.stringify({
      eventId: `evt_${randomBytes(8).toString('hex')}`,
      type: 'payment.succeeded',
      checkoutId,
      amount,
      currency: 'USD',
      occurredAt: nowSeconds(),
      ...overrides,
    });

  const deliver = async (body: string, header?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/sandbox/webhook`,
      headers: {
        'content-type': 'application/json',
        ...(header === undefined
          ? { [SIGNATURE_HEADER]: signatureHeader(t.config.funding.webhookSecret, nowSeconds(), body) }
          : header === ''
            ? {}
            : { [SIGNATURE_HEADER]: header }),
      },
      payload: body,
    });
    return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
  };

  const state = async (depositId: string) => ({
    balance: await balanceOf(t, user.id),
    transfers: await transferCount(t),
    status: (
      await t.database.kysely
        .selectFrom('deposits')
        .select('status')
        .where('id', '=', depositId)
        .executeTakeFirstOrThrow()
    ).status,
  });

  it('refuses a bad signature, a stale or missing one, and a tampered body: nothing credited', async () => {
    const deposit = await cardDeposit(5000);
    const before = await state(deposit.id);
    const body = event(deposit.checkoutId, 5000);
    const wrongSecret = await deliver(body, signatureHeader('not-the-webhook-secret', nowSeconds(), body));
    expect(wrongSecret).toEqual({
      status: 401,
      body: { error: { code: 'WEBHOOK_SIGNATURE_INVALID', message: 'Invalid signature' } },
    });
    const stale = await deliver(
      body,
      signatureHeader(t.config.funding.webhookSecret, nowSeconds() - 301, body),
    );
    expect(stale.status).toBe(401);
    expect((await deliver(body, '')).status).toBe(401);
    const signedOther = signatureHeader(t.config.funding.webhookSecret, nowSeconds(), body);
    const tampered = await deliver(body.replace('"amount":5000', '"amount":5001'), signedOther);
    expect(tampered.status).toBe(401);
    expect(await state(deposit.id)).toEqual(before);
    await expectLedgerOk(t);
  });

  it('credits a good event once; a replay or a second event for the same payment changes nothing', async () => {
    const deposit = await cardDeposit(7500);
    const before = await state(deposit.id);
    const body = event(deposit.checkoutId, 7500);
    const first = await deliver(body);
    expect(first).toEqual({ status: 200, body: { received: true, outcome: 'approved' } });
    const after = await state(deposit.id);
    expect(after).toEqual({
      balance: before.balance + 7500,
      transfers: before.transfers + 1,
      status: 'approved',
    });

    const replay = await deliver(body);
    expect(replay).toEqual({
      status: 409,
      body: { error: { code: 'WEBHOOK_REPLAYED', message: 'This event has already been processed' } },
    });
    const second = await deliver(event(deposit.checkoutId, 7500));
    expect(second).toEqual({ status: 200, body: { received: true, outcome: 'already_decided' } });
    expect(await state(deposit.id)).toEqual(after);
    await expectLedgerOk(t);
  });

  it('refuses an amount or currency other than the deposit’s, recording the event, and credits nothing', async () => {
    const deposit = await cardDeposit(6000);
    const before = await state(deposit.id);
    const body = event(deposit.checkoutId, 600_000);
    const mismatch = await deliver(body);
    expect(mismatch).toEqual({
      status: 400,
      body: {
        error: { code: 'WEBHOOK_AMOUNT_MISMATCH', message: 'The paid amount does not match the order' },
      },
    });
    expect((await deliver(event(deposit.checkoutId, 6000, { currency: 'EUR' }))).status).toBe(400);
    expect((await deliver(body)).status).toBe(409);
    expect(await state(deposit.id)).toEqual(before);
    const recorded = await t.database.kysely
      .selectFrom('payment_events')
      .select('outcome')
      .where('checkout_id', '=', deposit.checkoutId)
      .execute();
    expect(recorded.map((row) => row.outcome)).toEqual(['amount_mismatch', 'amount_mismatch']);
    const unknown = await deliver(event(`cs_${'x'.repeat(22)}`, 6000));
    expect(unknown.status).toBe(404);
    await expectLedgerOk(t);
  });

  it('rejects the deposit when the gateway reports a failed payment', async () => {
    const deposit = await cardDeposit(3000);
    const before = await state(deposit.id);
    const failed = await deliver(event(deposit.checkoutId, 3000, { type: 'payment.failed' }));
    expect(failed).toEqual({ status: 200, body: { received: true, outcome: 'rejected' } });
    const view = await call<{ items: CardDeposit[] }>(t, 'GET', '/deposits?limit=100', { token: user.token });
    expect(view.body.items.find((item) => item.id === deposit.id)).toMatchObject({
      status: 'rejected',
      rejectReason: 'Card payment failed',
    });
    expect(await state(deposit.id)).toEqual({ ...before, status: 'rejected' });
  });

  it('serves the hosted page self-contained, under a nonce CSP, with every value escaped', async () => {
    const deposit = await cardDeposit(4321);
    await t.database.kysely
      .updateTable('payment_checkouts')
      .set({ merchant: '<img src=x onerror=alert(1)>' })
      .where('id', '=', deposit.checkoutId)
      .execute();
    const page = await t.app.inject({ method: 'GET', url: deposit.checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toEqual(expect.any(String));
    expect(csp).toContain("default-src 'none'");
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    expect(page.body).toContain(`<style nonce="${nonce}">`);
    expect(page.body).toContain('$43.21');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page.body).not.toContain('<img');
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    const second = await t.app.inject({ method: 'GET', url: deposit.checkoutUrl });
    expect(second.headers['content-security-policy']).not.toBe(csp);
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/payments/sandbox/checkout/cs_${'y'.repeat(22)}` }))
        .statusCode,
    ).toBe(404);
  });
});

describe.each(DRIVERS)('the hosted checkout over real HTTP on %s', (driver) => {
  let t: TestApp;
  let user: MoneyUser;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    user = await quickUser(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const open = async (amount: number) => {
    const response = await fetch(`${origin}${API}/deposits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ method: 'card', amount, idempotencyKey: newKey() }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as CardDeposit;
  };

  /** What the page's Pay / Cancel buttons do: POST JSON to the gateway from the page's origin. */
  const press = async (checkoutUrl: string, action: 'pay' | 'cancel', body: unknown) => {
    const page = await fetch(`${origin}${checkoutUrl}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`/api/v1/payments/sandbox/checkout/`);
    const response = await fetch(`${origin}${checkoutUrl}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('Pay sends a signed webhook over HTTP: the deposit ends approved and the balance credited', async () => {
    const operator = await operatorToken(t);
    const deposit = await open(8800);
    const before = await balanceOf(t, user.id);
    const paid = await press(deposit.checkoutUrl, 'pay', { cardNumber: '4242 4242 4242 4242' });
    expect(paid).toEqual({
      status: 200,
      body: {
        status: 'paid',
        returnUrl: `/#/pages/recharge/chongzhi?deposit=${deposit.id}`,
        delivered: true,
      },
    });
    expect(await balanceOf(t, user.id)).toBe(before + 8800);
    const view = await call(t, 'GET', `/admin/deposits/${deposit.id}`, { token: operator });
    expect(view.body).toMatchObject({ status: 'approved', method: 'card', amount: 8800 });
    const events = await t.database.kysely
      .selectFrom('payment_events')
      .select(['type', 'outcome'])
      .where('checkout_id', '=', deposit.checkoutUrl.split('/').at(-1) ?? '')
      .execute();
    expect(events).toEqual([{ type: 'payment.succeeded', outcome: 'approved' }]);
    // Paying again (a double click) sends nothing more.
    const again = await press(deposit.checkoutUrl, 'pay', { cardNumber: '4242424242424242' });
    expect(again.body).toMatchObject({ status: 'paid', delivered: true });
    expect(await balanceOf(t, user.id)).toBe(before + 8800);
    await expectLedgerOk(t);
  });

  it('a declined card or Cancel reports payment.failed: the deposit ends rejected, nothing credited', async () => {
    const before = await balanceOf(t, user.id);
    const declined = await open(1200);
    const refused = await press(declined.checkoutUrl, 'pay', { cardNumber: '4000 0000 0000 0002' });
    expect(refused.body).toMatchObject({ status: 'failed', delivered: true });
    const cancelled = await open(1300);
    expect((await press(cancelled.checkoutUrl, 'cancel', {})).body).toMatchObject({
      status: 'cancelled',
      delivered: true,
    });
    const invalid = await open(1400);
    const badCard = await press(invalid.checkoutUrl, 'pay', { cardNumber: '1234' });
    expect(badCard.status).toBe(400);
    const list = await call<{ items: CardDeposit[] }>(t, 'GET', '/deposits?limit=100', { token: user.token });
    const statusOf = (id: string) => list.body.items.find((item) => item.id === id)?.status;
    expect([statusOf(declined.id), statusOf(cancelled.id), statusOf(invalid.id)]).toEqual([
      'rejected',
      'rejected',
      'pending',
    ]);
    expect(await balanceOf(t, user.id)).toBe(before);
    await expectLedgerOk(t);
  });
});
