/**
 * Helpers for the money suites. Users are made through the real AccountsRepository.insert (the same
 * code registration runs, so each gets its ledger cash account) with password hashes computed once per
 * process, and signed in through the real sessions service: argon2 runs a handful of times per file,
 * not once per user. Registration and login themselves are covered by the auth suites.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { AccountsRepository } from '../src/modules/accounts/accounts.repository.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.ts';
import { codeFor } from './admin-support.ts';
import { call, captcha, DEMO, type TestApp, uniqueAccount } from './harness.ts';

export const LOGIN_PASSWORD = 'secret123';
export const PAYMENT_PASSWORD = '123456';

const hashes = new Map<string, Promise<string>>();
function cachedHash(t: TestApp, password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = t.hasher.hash(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface MoneyUser {
  id: string;
  account: string;
  token: string;
}

export async function quickUser(
  t: TestApp,
  options: { realName?: string; paymentPassword?: boolean; prefix?: string } = {},
): Promise<MoneyUser> {
  const account = uniqueAccount(options.prefix ?? 'money');
  const now = t.clock.now();
  const accounts = new AccountsRepository((trx, userId) => t.services.ledger.openUserAccount(trx, userId));
  const passwordHash = await cachedHash(t, LOGIN_PASSWORD);
  const paymentPasswordHash =
    options.paymentPassword === false ? null : await cachedHash(t, PAYMENT_PASSWORD);
  const user = {
    username: account,
    password_hash: passwordHash,
    payment_password_hash: paymentPasswordHash,
    nickname: account,
    real_name: options.realName ?? null,
    email: null,
    invitation_code: randomBytes(4).toString('hex').toUpperCase(),
    inviter_id: null,
    created_at: now,
    updated_at: now,
  };
  const row = await t.database.kysely.transaction().execute((trx) => accounts.insert(trx, user));
  const session = await t.services.sessions.create(row.id, { ip: null, userAgent: null });
  return { id: row.id, account, token: session.token };
}

/** One operator login per test app (captcha + argon2 verify, as the console does). */
/** The demo operator's two-factor secret and last session, per app. */
const operatorSessions = new WeakMap<TestApp, { secret: string; token: string }>();

/**
 * A signed-in demo operator with two-factor on: approving, rejecting or paying money needs it, and the
 * suites here test the money rules, not the sign-in (the console suites cover that). The first call
 * enrols the demo operator; later calls reuse the session while it lasts and sign in again (with a code)
 * once it has ended, e.g. after the suite moved the clock past the console's idle timeout.
 */
export async function operatorToken(t: TestApp): Promise<string> {
  const known = operatorSessions.get(t);
  if (known && (await call(t, 'GET', '/admin/me', { token: known.token })).status === 200) return known.token;
  const response = await call<{ token: string }>(t, 'POST', '/admin/auth/login', {
    body: {
      account: DEMO.operator.account,
      password: DEMO.operator.password,
      ...(await captcha(t)),
      ...(known ? { totpCode: codeFor(t, known.secret) } : {}),
    },
  });
  if (response.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(response.body)}`);
  const token = response.body.token;
  if (known) {
    operatorSessions.set(t, { secret: known.secret, token });
    return token;
  }
  const enrolment = await call<{ secret: string }>(t, 'POST', '/admin/auth/totp/enrol', { token });
  if (enrolment.status !== 200) throw new Error(`enrolment failed: ${JSON.stringify(enrolment.body)}`);
  const { secret } = enrolment.body;
  const confirmed = await call(t, 'POST', '/admin/auth/totp/confirm', {
    token,
    body: { code: codeFor(t, secret) },
  });
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${JSON.stringify(confirmed.body)}`);
  operatorSessions.set(t, { secret, token });
  return token;
}

/** A fresh idempotency key, as a client generates one per operation. */
export function newKey(): string {
  return randomBytes(18).toString('base64url');
}

export async function offlineDeposit(t: TestApp, user: MoneyUser, amount: number, key = newKey()) {
  return call<{ id: string; status: string; amount: number }>(t, 'POST', '/deposits', {
    token: user.token,
    body: { method: 'offline', amount, depositorName: 'Li Wei', idempotencyKey: key },
  });
}

/** Deposits `amount` and has the operator approve it: the user's balance rises by `amount`. */
export async function fund(t: TestApp, operator: string, user: MoneyUser, amount: number): Promise<string> {
  const deposit = await offlineDeposit(t, user, amount);
  expect(deposit.status).toBe(201);
  const approved = await call(t, 'POST', `/admin/deposits/${deposit.body.id}/approve`, { token: operator });
  expect(approved.status).toBe(200);
  return deposit.body.id;
}

/** Real name (if needed) and a bank card in that name; returns the card id. */
export async function bindCard(t: TestApp, user: MoneyUser, accountNumber?: string): Promise<string> {
  const me = await call<{ realName: string | null }>(t, 'GET', '/me', { token: user.token });
  let realName = me.body.realName;
  if (!realName) {
    realName = 'Li Wei';
    expect((await call(t, 'PUT', '/me/real-name', { token: user.token, body: { realName } })).status).toBe(
      200,
    );
  }
  const card = await call<{ id: string }>(t, 'POST', '/bank-cards', {
    token: user.token,
    body: {
      bankName: 'HSBC',
      accountNumber: accountNumber ?? `6222${String(Date.now()).slice(-8)}${randomBytes(2).readUInt16BE(0)}`,
      payee: realName,
    },
  });
  expect(card.status).toBe(201);
  return card.body.id;
}

export async function balanceOf(t: TestApp, userId: string): Promise<number> {
  const row = await t.database.kysely
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

export async function transferCount(t: TestApp): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from ledger_transfers`.execute(
    t.database.kysely,
  );
  return result.rows[0]?.n ?? 0;
}

/** The invariant must hold: called after each step of the money suites. */
export async function expectLedgerOk(t: TestApp): Promise<void> {
  const audit = await auditLedger(t.database.kysely, t.clock.now());
  expect(audit, JSON.stringify(audit)).toMatchObject({
    ok: true,
    totalOfBalances: 0,
    mismatches: [],
    negativeUserBalances: 0,
  });
}

/** The bytes of a 1x1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body with one file part, as a browser or uni.uploadFile sends it. */
export function multipartBody(
  content: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tradehall${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; ` +
      `filename="${options.filename ?? 'receipt.png'}"\r\nContent-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  t: TestApp,
  token: string,
  content: Buffer = PNG_BYTES,
  url = '/api/v1/uploads',
) {
  const body = multipartBody(content);
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as Record<string, unknown> & { id: string },
  };
}
