/** Operator login for the console, and the wall between operator and user tokens. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  captcha,
  createTestApp,
  DEMO,
  DRIVERS,
  type ErrorJson,
  loginToken,
  type TestApp,
} from '../../../test/harness.ts';

describe.each(DRIVERS)('operator auth on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t?.close();
  });

  const adminLogin = async (account: string, password: string) =>
    call<
      {
        token: string;
        expiresAt: number;
        operator: { id: string; account: string; role: string };
      } & ErrorJson
    >(t, 'POST', '/admin/auth/login', { body: { account, password, ...(await captcha(t)) } });

  it('logs the seeded operator in and tells who it is', async () => {
    const response = await adminLogin('ADMIN', DEMO.operator.password);
    expect(response.status).toBe(200);
    expect(response.body.operator).toEqual({ id: expect.any(String), account: 'admin', role: 'admin' });
    const me = await call(t, 'GET', '/admin/me', { token: response.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ ...response.body.operator, totpEnabled: false, idleTimeoutSeconds: 1800 });
    const stored = await t.database.kysely.selectFrom('operator_sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(response.body.token);
  });

  it('refuses a wrong captcha and wrong credentials with the user-side messages', async () => {
    const badCaptcha = await call<ErrorJson>(t, 'POST', '/admin/auth/login', {
      body: { account: 'admin', password: DEMO.operator.password, captchaId: 'x', captchaAnswer: 'abcd' },
    });
    expect(badCaptcha.body.error).toEqual({ code: 'INVALID_CAPTCHA', message: 'Incorrect captcha' });
    const wrong = await adminLogin('admin', 'wrong-password');
    const unknown = await adminLogin('nobody', 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Incorrect account or password',
    });
  });

  it('never accepts a user token on /admin (403) nor an operator token on user routes (401)', async () => {
    const userToken = await loginToken(t, DEMO.user.account, DEMO.user.password);
    const forbidden = await call<ErrorJson>(t, 'GET', '/admin/me', { token: userToken });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to do this' });
    expect((await call(t, 'GET', '/admin/me')).status).toBe(401);

    const operatorToken = (await adminLogin('admin', DEMO.operator.password)).body.token;
    const onUserRoute = await call<ErrorJson>(t, 'GET', '/me', { token: operatorToken });
    expect(onUserRoute.status).toBe(401);
    expect(onUserRoute.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('a demo user cannot log in to the console with user credentials', async () => {
    const response = await adminLogin(DEMO.user.account, DEMO.user.password);
    expect(response.body.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('logout revokes the operator token', async () => {
    const token = (await adminLogin('admin', DEMO.operator.password)).body.token;
    expect((await call(t, 'POST', '/admin/auth/logout', { token })).status).toBe(200);
    expect((await call(t, 'GET', '/admin/me', { token })).status).toBe(401);
  });

  it('locks operator login after 10 failures, separately from user logins', async () => {
    for (let i = 0; i < 10; i += 1) await adminLogin('admin', 'wrong-password');
    const locked = await adminLogin('admin', DEMO.operator.password);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('LOGIN_LOCKED');
    // The user named "admin" (if any) is a different namespace: user login of "demo" is unaffected.
    expect(await loginToken(t, DEMO.user.account, DEMO.user.password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    t.clock.advanceSeconds(15 * 60);
    expect((await adminLogin('admin', DEMO.operator.password)).status).toBe(200);
  });
});
