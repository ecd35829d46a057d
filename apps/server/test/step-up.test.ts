/**
 * Step-up: where users send their money (receiving bank accounts, deposit addresses) is changed by an
 * admin only, with a current two-factor code; an active second factor is replaced only with a current
 * code of it; an admin resets another operator's two-factor with their own code. Each change audited.
 * Every endpoint declared with a step-up (`secondFactor: 'step-up'`) is driven here.
 */
import type { EndpointSpec } from '@tradehall/contracts';
import * as endpointGroups from '@tradehall/contracts/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  auditOf,
  codeFor,
  newOperator,
  operatorLogin,
  type TestOperator,
} from './admin-support.ts';
import { call, createTestApp, DRIVERS, type ErrorJson, type TestApp } from './harness.ts';

interface Settings {
  bankAccounts: Array<{ id: string; bankName: string; accountNumber: string; payee: string }>;
  cryptoNetworks: Array<{ network: string; address: string }>;
  cardPaymentEnabled: boolean;
}

interface AuditItem {
  action: string;
  operatorId: string;
  reason: string | null;
  before: unknown;
  after: unknown;
}

const NEW_SETTINGS: Settings = {
  bankAccounts: [
    { id: 'main', bankName: 'ICBC', accountNumber: '6222021234567890123', payee: 'Tradehall Ltd' },
  ],
  cryptoNetworks: [{ network: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
  cardPaymentEnabled: true,
};

describe('the step-up declarations', () => {
  it('are the endpoints this suite drives', () => {
    const stepUps = Object.values(endpointGroups)
      .flatMap((group) => Object.values(group as Record<string, EndpointSpec>))
      .filter((spec) => spec.secondFactor === 'step-up')
      .map((spec) => `${spec.method} ${spec.path}`);
    // A new step-up endpoint gets its tests below (refused without a code, a wrong code counted), then here.
    expect(stepUps.sort()).toEqual([
      'POST /admin/operators/:id/totp/reset',
      'PUT /admin/funding/methods',
      'PUT /admin/liabilities/reserves',
      'PUT /admin/referrals/programme',
      'PUT /admin/users/:id/referral-override',
    ]);
  });
});

describe.each(DRIVERS)('step-up on %s', (driver) => {
  let t: TestApp;
  let demoAdmin: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    demoAdmin = await adminToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh operator of `role` with two-factor enrolled and confirmed; the clock moved past that code. */
  async function enrolled(role: 'operator' | 'admin'): Promise<TestOperator & { secret: string }> {
    const operator = await newOperator(t, demoAdmin, role);
    const enrolment = await call<{ secret: string }>(t, 'POST', '/admin/auth/totp/enrol', {
      token: operator.token,
    });
    expect(enrolment.status).toBe(200);
    const confirmed = await call(t, 'POST', '/admin/auth/totp/confirm', {
      token: operator.token,
      body: { code: codeFor(t, enrolment.body.secret) },
    });
    expect(confirmed.status).toBe(200);
    // The confirmation used this step's code: the next step brings a new one.
    t.clock.advanceSeconds(30);
    return { ...operator, secret: enrolment.body.secret };
  }

  const putFunding = (token: string, body: unknown) =>
    call<Settings & ErrorJson>(t, 'PUT', '/admin/funding/methods', { token, body });
  const fundingUpdates = async () =>
    (
      await call<{ items: AuditItem[] }>(t, 'GET', '/admin/audit-log?action=funding.update&limit=100', {
        token: demoAdmin,
      })
    ).body.items;
  /** The stored settings (without the gateway the server reports beside them). */
  const currentSettings = async () => {
    const { body } = await call<Settings & { cardProvider?: unknown }>(t, 'GET', '/admin/funding/methods', {
      token: demoAdmin,
    });
    const { cardProvider: _gateway, ...stored } = body;
    return stored;
  };

  it('refuses a plain operator (403), even with a right code; they may still read the settings', async () => {
    const operator = await enrolled('operator');
    const before = await currentSettings();
    const refused = await putFunding(operator.token, {
      ...NEW_SETTINGS,
      totpCode: codeFor(t, operator.secret),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    const read = await call<Settings>(t, 'GET', '/admin/funding/methods', { token: operator.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject(before);
    expect(await currentSettings()).toEqual(before);
  });

  it('refuses an admin without two-factor: TOTP_REQUIRED, with or without a code', async () => {
    const before = await currentSettings();
    const logged = (await fundingUpdates()).length;
    for (const body of [NEW_SETTINGS, { ...NEW_SETTINGS, totpCode: '123456' }]) {
      const refused = await putFunding(demoAdmin, body);
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('TOTP_REQUIRED');
    }
    // Still signed in: a step-up refusal is not the end of the session.
    expect((await call(t, 'GET', '/admin/me', { token: demoAdmin })).status).toBe(200);
    expect(await currentSettings()).toEqual(before);
    expect(await fundingUpdates()).toHaveLength(logged);
  });

  it('lets an enrolled admin change the settings with a current code, once per code, audited', async () => {
    const admin = await enrolled('admin');
    const before = await currentSettings();
    const logged = (await fundingUpdates()).length;

    const missing = await putFunding(admin.token, NEW_SETTINGS);
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('TOTP_REQUIRED');
    const wrong = await putFunding(admin.token, { ...NEW_SETTINGS, totpCode: codeFor(t, admin.secret, 5) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('TOTP_INVALID');
    const malformed = await putFunding(admin.token, { ...NEW_SETTINGS, totpCode: '12345' });
    expect(malformed.status).toBe(400);
    expect(await currentSettings()).toEqual(before);

    // Invalid settings are refused before the code is looked at, so the code is still good afterwards.
    const code = codeFor(t, admin.secret);
    const invalid = await putFunding(admin.token, {
      ...NEW_SETTINGS,
      cryptoNetworks: [{ network: 'USDT-ERC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
      totpCode: code,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('VALIDATION_FAILED');

    const saved = await putFunding(admin.token, { ...NEW_SETTINGS, totpCode: code });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...NEW_SETTINGS, cardProvider: { name: 'sandbox', testPayments: true } });
    expect(await currentSettings()).toEqual(NEW_SETTINGS);
    // The code is not in the stored settings, nor in the log.
    const updates = await fundingUpdates();
    expect(updates).toHaveLength(logged + 1);
    expect(updates[0]).toMatchObject({ operatorId: admin.id, before, after: NEW_SETTINGS });
    expect(JSON.stringify(updates[0])).not.toContain(code);

    // The same code again (a replay within its window): refused.
    const replayed = await putFunding(admin.token, { ...before, totpCode: code });
    expect(replayed.status).toBe(401);
    expect(replayed.body.error.code).toBe('TOTP_INVALID');
    t.clock.advanceSeconds(30);
    const restored = await putFunding(admin.token, { ...before, totpCode: codeFor(t, admin.secret) });
    expect(restored.status).toBe(200);
    expect(await currentSettings()).toEqual(before);
  });

  it('counts wrong step-up codes towards the login lockout', async () => {
    const admin = await enrolled('admin');
    for (let i = 0; i < t.config.auth.loginFailuresBeforeLock; i += 1) {
      const wrong = await putFunding(admin.token, { ...NEW_SETTINGS, totpCode: codeFor(t, admin.secret, 7) });
      expect(wrong.body.error.code).toBe('TOTP_INVALID');
    }
    const locked = await putFunding(admin.token, { ...NEW_SETTINGS, totpCode: codeFor(t, admin.secret) });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('LOGIN_LOCKED');
    t.clock.advanceSeconds(t.config.auth.loginLockSeconds + 30);
  });

  it('states the reserves beside the liabilities only with a current code (admin), audited', async () => {
    const admin = await enrolled('admin');
    const operator = await enrolled('operator');
    const statement = {
      amount: 500_000_00,
      scope: 'crypto_signed_message',
      evidence: 'address + signed message',
    };
    const put = (token: string, body: unknown) =>
      call<ErrorJson>(t, 'PUT', '/admin/liabilities/reserves', { token, body });
    const byOperator = await put(operator.token, { ...statement, totpCode: codeFor(t, operator.secret) });
    expect(byOperator.status).toBe(403);
    expect((await put(admin.token, statement)).body.error.code).toBe('TOTP_REQUIRED');
    const wrong = await put(admin.token, { ...statement, totpCode: codeFor(t, admin.secret, 5) });
    expect(wrong.body.error.code).toBe('TOTP_INVALID');
    const overview = async () => (await call<{ reserves: unknown }>(t, 'GET', '/liabilities')).body.reserves;
    expect(await overview()).toBeNull();
    const stated = await put(admin.token, { ...statement, totpCode: codeFor(t, admin.secret) });
    expect(stated.status).toBe(200);
    expect(await overview()).toMatchObject({ amount: 500_000_00, scope: 'crypto_signed_message' });
    const log = await call<{ items: AuditItem[] }>(t, 'GET', '/admin/audit-log?action=liabilities.reserves', {
      token: demoAdmin,
    });
    expect(log.body.items[0]).toMatchObject({ operatorId: admin.id, after: statement });
  });

  it("sets the referral programme and a referrer's override only with a current code (admin), audited", async () => {
    const admin = await enrolled('admin');
    const operator = await enrolled('operator');
    const user = await t.database.kysely.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow();
    const programme = { mode: 'one_level', level1RateBps: 2_000, level2RateBps: 0, dailyCapCents: 5_000 };
    const override = { excluded: true, level1RateBps: null, level2RateBps: null, reason: 'plays both sides' };
    const targets = [
      { path: '/admin/referrals/programme', body: programme, action: 'referral.programme' },
      { path: `/admin/users/${user.id}/referral-override`, body: override, action: 'referral.override' },
    ];
    for (const { path, body, action } of targets) {
      const put = (token: string, extra: object = {}) =>
        call<ErrorJson>(t, 'PUT', path, { token, body: { ...body, ...extra } });
      const logged = async () =>
        (
          await call<{ items: AuditItem[] }>(t, 'GET', `/admin/audit-log?action=${action}&limit=100`, {
            token: demoAdmin,
          })
        ).body.items.length;
      const before = await logged();
      expect((await put(operator.token, { totpCode: codeFor(t, operator.secret) })).status).toBe(403);
      expect((await put(admin.token)).body.error.code).toBe('TOTP_REQUIRED');
      const wrong = await put(admin.token, { totpCode: codeFor(t, admin.secret, 5) });
      expect(wrong.body.error.code).toBe('TOTP_INVALID');
      expect(await logged()).toBe(before);
      const saved = await put(admin.token, { totpCode: codeFor(t, admin.secret) });
      expect(saved.status).toBe(200);
      expect(await logged()).toBe(before + 1);
      // The next change needs the next step's code.
      t.clock.advanceSeconds(30);
    }
  });

  it('replaces an active second factor only with a current code of it', async () => {
    const operator = await enrolled('operator');
    const enrol = (body?: unknown) =>
      call<{ secret: string } & ErrorJson>(t, 'POST', '/admin/auth/totp/enrol', {
        token: operator.token,
        ...(body === undefined ? {} : { body }),
      });
    const missing = await enrol();
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('TOTP_REQUIRED');
    expect((await enrol({})).body.error.code).toBe('TOTP_REQUIRED');
    const wrong = await enrol({ totpCode: codeFor(t, operator.secret, 4) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('TOTP_INVALID');
    // Nothing pending was created by the refused attempts: there is nothing to confirm.
    const row = await t.database.kysely
      .selectFrom('operators')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('id', '=', operator.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_secret: operator.secret, totp_pending_secret: null });

    const started = await enrol({ totpCode: codeFor(t, operator.secret) });
    expect(started.status).toBe(200);
    const next = started.body.secret;
    expect(next).not.toBe(operator.secret);
    const confirmed = await call(t, 'POST', '/admin/auth/totp/confirm', {
      token: operator.token,
      body: { code: codeFor(t, next) },
    });
    expect(confirmed.status).toBe(200);

    // From now on the new secret's codes, not the old one's.
    t.clock.advanceSeconds(30);
    const old = await operatorLogin(t, operator.account, operator.password, codeFor(t, operator.secret));
    expect(old.body.error.code).toBe('TOTP_INVALID');
    const fresh = await operatorLogin(t, operator.account, operator.password, codeFor(t, next));
    expect(fresh.status).toBe(200);
    const log = await auditOf(t, demoAdmin, 'operator', operator.id);
    expect(log.map((entry) => entry.action).slice(0, 2)).toEqual([
      'operator.totp_confirm',
      'operator.totp_enrol',
    ]);
    expect(JSON.stringify(log)).not.toContain(next);
  });

  it("lets an admin reset another operator's two-factor with their own code: sessions end, audited", async () => {
    const admin = await enrolled('admin');
    const target = await enrolled('operator');
    const reset = (token: string, id: string, body: unknown) =>
      call<{ id: string; totpEnabled: boolean } & ErrorJson>(t, 'POST', `/admin/operators/${id}/totp/reset`, {
        token,
        body,
      });
    const reason = 'lost their phone';

    // A plain operator may not; an admin needs their own current code; never for oneself.
    const byOperator = await reset(target.token, admin.id, { reason, totpCode: codeFor(t, target.secret) });
    expect(byOperator.status).toBe(403);
    expect((await reset(demoAdmin, target.id, { reason })).body.error.code).toBe('TOTP_REQUIRED');
    expect((await reset(admin.token, target.id, { reason })).body.error.code).toBe('TOTP_REQUIRED');
    const wrong = await reset(admin.token, target.id, { reason, totpCode: codeFor(t, admin.secret, 6) });
    expect(wrong.body.error.code).toBe('TOTP_INVALID');
    const self = await reset(admin.token, admin.id, { reason, totpCode: codeFor(t, admin.secret) });
    expect(self.status).toBe(403);
    expect(self.body.error.code).toBe('FORBIDDEN');
    const unknown = await reset(admin.token, '00000000-0000-4000-8000-000000000000', {
      reason,
      totpCode: codeFor(t, admin.secret),
    });
    expect(unknown.status).toBe(404);
    expect((await reset(admin.token, target.id, { totpCode: codeFor(t, admin.secret) })).status).toBe(400);
    // Still on after all of that.
    expect(
      (await call<{ totpEnabled: boolean }>(t, 'GET', '/admin/me', { token: target.token })).body,
    ).toMatchObject({ totpEnabled: true });

    const done = await reset(admin.token, target.id, { reason, totpCode: codeFor(t, admin.secret) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: target.id, account: target.account, totpEnabled: false });
    // Their session is over; they sign in with the password alone and enrol again.
    expect((await call(t, 'GET', '/admin/me', { token: target.token })).status).toBe(401);
    const login = await operatorLogin(t, target.account, target.password);
    expect(login.status).toBe(200);
    const me = await call<{ totpEnabled: boolean }>(t, 'GET', '/admin/me', { token: login.body.token });
    expect(me.body.totpEnabled).toBe(false);
    expect((await call(t, 'POST', '/admin/auth/totp/enrol', { token: login.body.token })).status).toBe(200);

    const log = await auditOf(t, demoAdmin, 'operator', target.id);
    expect(log.filter((entry) => entry.action === 'operator.totp_reset')).toHaveLength(1);
    expect(log.find((entry) => entry.action === 'operator.totp_reset')).toMatchObject({
      action: 'operator.totp_reset',
      operatorId: admin.id,
      reason,
      before: { totpEnabled: true },
      after: { totpEnabled: false, sessionsEnded: 1 },
    });
  });
});
