/**
 * Operator access: TOTP two-factor (enrol, confirm, codes required at login, never accepted
 * twice, wrong ones counted towards the lockout), the admin role, the console's idle timeout, /admin/me,
 * and operator accounts — each action in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  auditOf,
  codeFor,
  newOperator,
  operatorLogin,
  type TestOperator,
} from './admin-support.ts';
import { call, createTestApp, DEMO, DRIVERS, type ErrorJson, type TestApp } from './harness.ts';
import { roomId } from './trading.ts';

interface Profile {
  id: string;
  account: string;
  role: string;
  totpEnabled: boolean;
  idleTimeoutSeconds: number;
}

describe.each(DRIVERS)('operator access on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Enrols and confirms two-factor for a fresh operator; returns them and their secret. */
  async function enrolled(): Promise<{ operator: TestOperator; secret: string }> {
    const operator = await newOperator(t, admin);
    const enrolment = await call<{ secret: string; otpauthUrl: string }>(
      t,
      'POST',
      '/admin/auth/totp/enrol',
      {
        token: operator.token,
      },
    );
    expect(enrolment.status).toBe(200);
    const confirmed = await call<Profile>(t, 'POST', '/admin/auth/totp/confirm', {
      token: operator.token,
      body: { code: codeFor(t, enrolment.body.secret) },
    });
    expect(confirmed.status).toBe(200);
    return { operator, secret: enrolment.body.secret };
  }

  it('tells the signed-in operator who they are, their two-factor state and the idle timeout', async () => {
    const me = await call<Profile>(t, 'GET', '/admin/me', { token: admin });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: expect.any(String),
      account: DEMO.operator.account,
      role: 'admin',
      totpEnabled: false,
      idleTimeoutSeconds: t.config.console.idleTimeoutSeconds,
    });
  });

  it('enrols two-factor: a pending secret with its otpauth URL, active only after a valid code', async () => {
    const operator = await newOperator(t, admin);
    const enrolment = await call<{ secret: string; otpauthUrl: string }>(
      t,
      'POST',
      '/admin/auth/totp/enrol',
      {
        token: operator.token,
      },
    );
    expect(enrolment.status).toBe(200);
    expect(enrolment.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(enrolment.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Tradehall:${operator.account}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret: enrolment.body.secret,
      issuer: 'Tradehall',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });

    // Not active yet: login needs no code, /admin/me says so.
    expect((await operatorLogin(t, operator.account, operator.password)).status).toBe(200);
    const wrong = await call<ErrorJson>(t, 'POST', '/admin/auth/totp/confirm', {
      token: operator.token,
      body: { code: codeFor(t, enrolment.body.secret, 5) },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('TOTP_INVALID');
    const malformed = await call<ErrorJson>(t, 'POST', '/admin/auth/totp/confirm', {
      token: operator.token,
      body: { code: '12345' },
    });
    expect(malformed.status).toBe(400);

    const confirmed = await call<Profile>(t, 'POST', '/admin/auth/totp/confirm', {
      token: operator.token,
      body: { code: codeFor(t, enrolment.body.secret) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.totpEnabled).toBe(true);
    const me = await call<Profile>(t, 'GET', '/admin/me', { token: operator.token });
    expect(me.body.totpEnabled).toBe(true);
    // Confirming again has nothing pending to confirm.
    const again = await call<ErrorJson>(t, 'POST', '/admin/auth/totp/confirm', {
      token: operator.token,
      body: { code: codeFor(t, enrolment.body.secret, 1) },
    });
    expect(again.body.error.code).toBe('TOTP_INVALID');

    // Both steps are audited, and the secret appears nowhere in the log.
    const log = await auditOf(t, admin, 'operator', operator.id);
    expect(log.map((entry) => entry.action)).toEqual([
      'operator.totp_confirm',
      'operator.totp_enrol',
      'operator.create',
    ]);
    expect(log[0]).toMatchObject({ before: { totpEnabled: false }, after: { totpEnabled: true } });
    expect(JSON.stringify(log)).not.toContain(enrolment.body.secret);
  });

  it('then requires a code at login: TOTP_REQUIRED without, TOTP_INVALID when wrong or already used', async () => {
    const { operator, secret } = await enrolled();
    const missing = await operatorLogin(t, operator.account, operator.password);
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('TOTP_REQUIRED');
    const wrong = await operatorLogin(t, operator.account, operator.password, codeFor(t, secret, 3));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('TOTP_INVALID');
    // The confirmation used the current step's code: it cannot be used again to log in.
    const replayed = await operatorLogin(t, operator.account, operator.password, codeFor(t, secret));
    expect(replayed.body.error.code).toBe('TOTP_INVALID');

    t.clock.advanceSeconds(30);
    const code = codeFor(t, secret);
    const ok = await operatorLogin(t, operator.account, operator.password, code);
    expect(ok.status).toBe(200);
    expect(ok.body.operator.account).toBe(operator.account);
    // The same code again within its window: refused.
    const reused = await operatorLogin(t, operator.account, operator.password, code);
    expect(reused.body.error.code).toBe('TOTP_INVALID');
    // The previous step's code (still inside the ±1 window) is older than the last used: refused too.
    t.clock.advanceSeconds(30);
    expect(
      (await operatorLogin(t, operator.account, operator.password, codeFor(t, secret, -1))).body.error.code,
    ).toBe('TOTP_INVALID');
    // A code one step ahead (a fast phone clock) is inside the window and new: accepted.
    expect((await operatorLogin(t, operator.account, operator.password, codeFor(t, secret, 1))).status).toBe(
      200,
    );
    // A wrong password with a right code is still just wrong credentials.
    t.clock.advanceSeconds(90);
    const badPassword = await operatorLogin(t, operator.account, 'not-the-password', codeFor(t, secret));
    expect(badPassword.body.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('counts wrong codes towards the login lockout', async () => {
    const { operator, secret } = await enrolled();
    for (let i = 0; i < t.config.auth.loginFailuresBeforeLock; i += 1) {
      const wrong = await operatorLogin(t, operator.account, operator.password, codeFor(t, secret, 7));
      expect(wrong.body.error.code).toBe('TOTP_INVALID');
    }
    t.clock.advanceSeconds(30);
    const locked = await operatorLogin(t, operator.account, operator.password, codeFor(t, secret));
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('LOGIN_LOCKED');
  });

  it('keeps admin-only actions for the admin role: an operator gets FORBIDDEN, before any body check', async () => {
    const operator = await newOperator(t, admin, 'operator');
    const room = await roomId(t, 'normal');
    const someUser = '00000000-0000-4000-8000-000000000000';
    const adminOnly: Array<['POST' | 'PATCH', string]> = [
      ['POST', '/admin/operators'],
      ['PATCH', `/admin/rooms/${room}`],
      ['POST', `/admin/rooms/${room}/pause`],
      ['POST', `/admin/rooms/${room}/resume`],
      ['POST', `/admin/rooms/${room}/chains`],
      ['POST', `/admin/users/${someUser}/balance-adjustments`],
    ];
    for (const [method, url] of adminOnly) {
      const refused = await call<ErrorJson>(t, method, url, { token: operator.token, body: {} });
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
    }
    // What every operator may do still works.
    for (const url of ['/admin/operators', '/admin/rooms', '/admin/dashboard', '/admin/audit-log']) {
      expect((await call(t, 'GET', url, { token: operator.token })).status, url).toBe(200);
    }
    // A second admin may do admin things.
    const secondAdmin = await newOperator(t, admin, 'admin');
    const paused = await call(t, 'POST', `/admin/rooms/${room}/pause`, {
      token: secondAdmin.token,
      body: { reason: 'maintenance' },
    });
    expect(paused.status).toBe(200);
    await call(t, 'POST', `/admin/rooms/${room}/resume`, {
      token: secondAdmin.token,
      body: { reason: 'done' },
    });
  });

  it('lists operators and lets an admin create one (audited, name unique regardless of case)', async () => {
    const operator = await newOperator(t, admin, 'operator');
    const list = await call<{ items: Array<{ account: string; role: string; totpEnabled: boolean }> }>(
      t,
      'GET',
      '/admin/operators',
      { token: admin },
    );
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({ account: 'admin', role: 'admin', totpEnabled: false });
    expect(list.body.items).toContainEqual(
      expect.objectContaining({ account: operator.account, role: 'operator', totpEnabled: false }),
    );
    const duplicate = await call<ErrorJson>(t, 'POST', '/admin/operators', {
      token: admin,
      body: { account: operator.account.toUpperCase(), password: 'whatever-123', role: 'operator' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('ACCOUNT_TAKEN');
    const [created] = await auditOf(t, admin, 'operator', operator.id);
    expect(created).toMatchObject({
      action: 'operator.create',
      operatorAccount: 'admin',
      before: null,
      after: { account: operator.account, role: 'operator' },
    });
    expect(JSON.stringify(created)).not.toContain(operator.password);
  });

  it('ends a console session left idle longer than the idle timeout (401), and only then', async () => {
    const idle = t.config.console.idleTimeoutSeconds;
    const operator = await newOperator(t, admin);
    // In use every (timeout - 100 s) for several timeouts: alive throughout.
    for (let i = 0; i < 4; i += 1) {
      t.clock.advanceSeconds(idle - 100);
      expect((await call(t, 'GET', '/admin/me', { token: operator.token })).status).toBe(200);
    }
    t.clock.advanceSeconds(idle + 1);
    const dead = await call<ErrorJson>(t, 'GET', '/admin/me', { token: operator.token });
    expect(dead.status).toBe(401);
    expect(dead.body.error.code).toBe('UNAUTHENTICATED');
    // Over for good: coming back right away does not revive it.
    expect((await call(t, 'GET', '/admin/me', { token: operator.token })).status).toBe(401);
    const sessions = await t.database.kysely
      .selectFrom('operator_sessions')
      .select('revoked_at')
      .where('operator_id', '=', operator.id)
      .execute();
    expect(sessions.every((session) => session.revoked_at !== null)).toBe(true);
    admin = (await operatorLogin(t, DEMO.operator.account, DEMO.operator.password)).body.token;
  });
});
