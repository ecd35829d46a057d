/**
 * An admin with two-factor on, for suites that take a step-up action (changing the funding settings
 * needs the admin role and a current authenticator code).
 */
import { codeFor, newOperator, type TestOperator } from './admin-support.ts';
import { call, type TestApp } from './harness.ts';

export interface TwoFactorAdmin extends TestOperator {
  secret: string;
  /**
   * A code not used before: the test clock moves on one 30-second step first, since a code is accepted
   * once (the step of the last accepted code is never accepted again).
   */
  nextCode(): string;
}

/** A new admin, created by `creatorToken` (an admin's), signed in, with two-factor enrolled and on. */
export async function twoFactorAdmin(t: TestApp, creatorToken: string): Promise<TwoFactorAdmin> {
  const admin = await newOperator(t, creatorToken, 'admin');
  const enrolment = await call<{ secret: string }>(t, 'POST', '/admin/auth/totp/enrol', {
    token: admin.token,
  });
  if (enrolment.status !== 200) throw new Error(`enrolment failed: ${JSON.stringify(enrolment.body)}`);
  const { secret } = enrolment.body;
  const confirmed = await call(t, 'POST', '/admin/auth/totp/confirm', {
    token: admin.token,
    body: { code: codeFor(t, secret) },
  });
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${JSON.stringify(confirmed.body)}`);
  return {
    ...admin,
    secret,
    nextCode() {
      t.clock.advanceSeconds(30);
      return codeFor(t, secret);
    },
  };
}
