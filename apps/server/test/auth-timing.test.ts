/**
 * Whether an account exists must not show in how long the server takes to answer. Known and unknown
 * names do the same work before the answer leaves (no sleeps to even things out): login, a user's or an
 * operator's, checks a password against the account's hash or a dummy one; a reset-code request runs one
 * statement either way and stores and mails the code after answering; a reset with a wrong code hashes
 * the new password and runs the same transaction either way.
 *
 * What is compared is that work, as the real database drivers, the real hasher and the real mailer report
 * it (work-log.ts): the statements in the order they are sent (SQL text, parameters left out), the argon2
 * computations, the mails handed over, split at the moment the answer reached the client. Unlike a time,
 * work does not depend on what else the machine is doing, so these tests fail only when the code changes
 * what it does. How long the answers actually take, known vs unknown, is measured by
 * `npm run bench:auth-timing` (bench/src/auth-timing.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_RESPONSE_DELAY_MS } from '../src/platform/http.ts';
import { API, call, captcha, createTestApp, DEMO, DRIVERS, type TestApp, uniqueAccount } from './harness.ts';
import { quickUser } from './money.ts';
import { codeFrom, startSmtp, type TestSmtp } from './smtp.ts';
import { WorkLog } from './work-log.ts';

interface Traced {
  status: number;
  /** Work started before the answer reached the client: what its timing is made of. */
  beforeAnswer: string[];
  /** Work started once the answer had left. */
  afterAnswer: string[];
}

const isArgon2 = (entry: string) => entry.startsWith('argon2 ');
const isSql = (entry: string) => entry.startsWith('sql ');

describe.each(DRIVERS)('known and unknown accounts do the same work on %s', (driver) => {
  let t: TestApp;
  let smtp: TestSmtp;
  const log = new WorkLog();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ driver, smtpUrl: smtp.url, observer: log });
    // The dummy hash an unknown name is checked against is made once per process, on first use: made
    // here, so the requests compared below are the ones every later request looks like.
    await t.hasher.verifyDummy('warm-up');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /**
   * One request, and the work done until its answer arrived and after it. Work that follows an answer
   * starts on a timer of AFTER_RESPONSE_DELAY_MS set as the answer leaves (afterResponse); a timer of the
   * same length set after that one fires after it, and the password-reset work it starts is then tracked
   * until settled, so "after" is complete when this returns.
   */
  const traced = async (url: string, payload: Record<string, unknown>): Promise<Traced> => {
    log.take(); // what the set-up did
    const response = await t.app.inject({ method: 'POST', url: `${API}${url}`, payload });
    const beforeAnswer = log.take();
    await new Promise((resolve) => setTimeout(resolve, AFTER_RESPONSE_DELAY_MS));
    await t.services.passwordReset.settled();
    return { status: response.statusCode, beforeAnswer, afterAnswer: log.take() };
  };

  /** A fresh user with an email, made without argon2 (the money suites' cached hash). */
  const userWithEmail = async () => {
    const user = await quickUser(t, { prefix: 'timing' });
    const email = `${user.account.toLowerCase()}@example.com`;
    await t.database.kysely.updateTable('users').set({ email }).where('id', '=', user.id).execute();
    return { ...user, email };
  };

  it('login with a wrong password: one argon2 verification and the same statements', async () => {
    const known = await quickUser(t, { prefix: 'timing' });
    const attempt = async (account: string) =>
      traced('/auth/login', { account, password: 'wrong-pass1', ...(await captcha(t)) });

    const knownLogin = await attempt(known.account);
    const unknownLogin = await attempt(uniqueAccount('nobody'));

    expect([knownLogin.status, unknownLogin.status]).toEqual([401, 401]);
    expect(knownLogin.beforeAnswer.filter(isArgon2)).toEqual(['argon2 verify']);
    expect(knownLogin.beforeAnswer.filter(isSql).length).toBeGreaterThan(0);
    expect(unknownLogin.beforeAnswer).toEqual(knownLogin.beforeAnswer);
    expect([knownLogin.afterAnswer, unknownLogin.afterAnswer]).toEqual([[], []]);

    // An account on a self-exclusion: its break is read only once the password is proved, so a wrong
    // password there does the same work too.
    const paused = await quickUser(t, { prefix: 'timing' });
    const taken = await call(t, 'POST', '/play-limits/breaks', {
      token: paused.token,
      body: { kind: 'exclusion_6m' },
    });
    expect(taken.status).toBe(200);
    const pausedLogin = await attempt(paused.account);
    expect(pausedLogin.status).toBe(401);
    expect(pausedLogin.beforeAnswer).toEqual(knownLogin.beforeAnswer);
    expect(pausedLogin.afterAnswer).toEqual([]);
  });

  it('operator login with a wrong password: the same credential check, the same work', async () => {
    const attempt = async (account: string) =>
      traced('/admin/auth/login', { account, password: 'wrong-pass1', ...(await captcha(t)) });

    const knownLogin = await attempt(DEMO.operator.account);
    const unknownLogin = await attempt(uniqueAccount('nobody'));

    expect([knownLogin.status, unknownLogin.status]).toEqual([401, 401]);
    expect(knownLogin.beforeAnswer.filter(isArgon2)).toEqual(['argon2 verify']);
    expect(unknownLogin.beforeAnswer).toEqual(knownLogin.beforeAnswer);
    expect([knownLogin.afterAnswer, unknownLogin.afterAnswer]).toEqual([[], []]);
  });

  it('asking for a reset code: the same statement; the code is stored and mailed after the answer', async () => {
    const user = await userWithEmail();
    const noEmail = await quickUser(t, { prefix: 'timing' });

    const known = await traced('/auth/password-reset/code', { account: user.account });
    const withoutEmail = await traced('/auth/password-reset/code', { account: noEmail.account });
    const unknown = await traced('/auth/password-reset/code', { account: uniqueAccount('nobody') });

    expect([known.status, withoutEmail.status, unknown.status]).toEqual([200, 200, 200]);
    expect(known.beforeAnswer.filter(isSql)).toHaveLength(1);
    expect(known.beforeAnswer.filter(isArgon2)).toEqual([]);
    expect(withoutEmail.beforeAnswer).toEqual(known.beforeAnswer);
    expect(unknown.beforeAnswer).toEqual(known.beforeAnswer);
    // Only the account with an email gets a code, and only once the answer has left: the code stored
    // (its one insert), then the mail handed over.
    expect([withoutEmail.afterAnswer, unknown.afterAnswer]).toEqual([[], []]);
    expect(
      known.afterAnswer.filter((entry) => /^sql insert into "password_reset_codes"/.test(entry)),
    ).toHaveLength(1);
    expect(known.afterAnswer.at(-1)).toMatch(/^mail /);
    expect(known.afterAnswer.filter((entry) => entry.startsWith('mail '))).toHaveLength(1);
    // And it really goes out, with a code in it.
    expect(codeFrom(await smtp.waitFor(user.email))).toMatch(/^\d{6}$/);
  });

  it('resetting with a wrong code: one argon2 hash and the same transaction', async () => {
    const user = await userWithEmail();
    // A live code, so the known account's wrong code is checked against one (and counted on it).
    expect((await traced('/auth/password-reset/code', { account: user.account })).status).toBe(200);
    const sent = codeFrom(await smtp.waitFor(user.email));
    const wrong = sent === '000000' ? '000001' : '000000';
    const attempt = (account: string) =>
      traced('/auth/password-reset', {
        account,
        code: wrong,
        password: 'newpass123',
        confirmPassword: 'newpass123',
      });

    const known = await attempt(user.account);
    const unknown = await attempt(uniqueAccount('nobody'));

    expect([known.status, unknown.status]).toEqual([400, 400]);
    expect(known.beforeAnswer.filter(isArgon2)).toEqual(['argon2 hash']);
    expect(unknown.beforeAnswer).toEqual(known.beforeAnswer);
    expect([known.afterAnswer, unknown.afterAnswer]).toEqual([[], []]);
    const code = await t.database.kysely
      .selectFrom('password_reset_codes')
      .select('attempts')
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(code.attempts).toBe(1);
  });
});
