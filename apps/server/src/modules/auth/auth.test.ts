/** Captcha, register, login, logout and sessions over HTTP, on each available database driver. */
import { translateShared } from '@tradehall/contracts';
import { SESSION_TTL_SECONDS } from '@tradehall/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  call,
  captcha,
  countRows,
  createTestApp,
  DEMO,
  DRIVERS,
  type ErrorJson,
  login,
  loginToken,
  register,
  type TestApp,
  uniqueAccount,
} from '../../../test/harness.ts';
import { sha256Hex } from '../../platform/tokens.ts';
import { TEST_CAPTCHA_HEADER } from './auth.routes.ts';

const en = (key: string) => translateShared('en', key);

describe.each(DRIVERS)('auth on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('captcha', () => {
    it('issues an svg image with an id and an expiry two minutes ahead', async () => {
      const response = await call<{ captchaId: string; svg: string; expiresAt: number }>(
        t,
        'GET',
        '/auth/captcha',
      );
      expect(response.status).toBe(200);
      expect(response.body.captchaId).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.body.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
      const now = Math.floor(t.clock.now().getTime() / 1000);
      expect(response.body.expiresAt).toBe(now + 120);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers[TEST_CAPTCHA_HEADER]).toMatch(/^[A-Za-z0-9]{4}$/);
    });

    it('never stores the answer in clear', async () => {
      const response = await call<{ captchaId: string }>(t, 'GET', '/auth/captcha');
      const answer = String(response.headers[TEST_CAPTCHA_HEADER]);
      const row = await t.database.kysely
        .selectFrom('captchas')
        .selectAll()
        .where('id', '=', response.body.captchaId)
        .executeTakeFirstOrThrow();
      // Only sha256(id:answer) is kept; no column holds the answer itself.
      expect(row.answer_hash).toBe(sha256Hex(`${response.body.captchaId}:${answer.toLowerCase()}`));
      expect(Object.values(row).map(String)).not.toContain(answer);
    });
  });

  describe('register', () => {
    it('creates an account with its own invitation code and records the inviter', async () => {
      const account = uniqueAccount('reg');
      const before = await countRows(t, 'users');
      const response = await call<{ user: { id: string; username: string } }>(t, 'POST', '/auth/register', {
        body: {
          account,
          password: 'secret123',
          confirmPassword: 'secret123',
          invitationCode: 'demo2026',
          email: `${account}@example.com`,
        },
      });
      expect(response.status).toBe(201);
      expect(response.body.user.username).toBe(account);
      expect(await countRows(t, 'users')).toBe(before + 1);
      const row = await t.database.kysely
        .selectFrom('users')
        .selectAll()
        .where('id', '=', response.body.user.id)
        .executeTakeFirstOrThrow();
      const demo = await t.database.kysely
        .selectFrom('users')
        .select('id')
        .where('invitation_code', '=', DEMO.user.invitationCode)
        .executeTakeFirstOrThrow();
      expect(row.inviter_id).toBe(demo.id);
      expect(row.invitation_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect(row.nickname).toBe(account);
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.credit_score).toBe(100);
    });

    it('lets a new user invite with their own code', async () => {
      const inviter = await register(t, uniqueAccount('inviter'));
      const { invitation_code } = await t.database.kysely
        .selectFrom('users')
        .select('invitation_code')
        .where('id', '=', inviter.id)
        .executeTakeFirstOrThrow();
      const invited = await register(t, uniqueAccount('invited'), 'secret123', {
        invitationCode: invitation_code,
      });
      const row = await t.database.kysely
        .selectFrom('users')
        .select('inviter_id')
        .where('id', '=', invited.id)
        .executeTakeFirstOrThrow();
      expect(row.inviter_id).toBe(inviter.id);
    });

    const refusals: Array<[string, (account: string) => Record<string, unknown>, number, string, string]> = [
      [
        'a confirmation that does not match',
        (account) => ({
          account,
          password: 'secret123',
          confirmPassword: 'secret124',
          invitationCode: 'DEMO2026',
        }),
        400,
        'PASSWORDS_DO_NOT_MATCH',
        'Passwords do not match',
      ],
      [
        'an unknown invitation code',
        (account) => ({
          account,
          password: 'secret123',
          confirmPassword: 'secret123',
          invitationCode: 'NOPE0000',
        }),
        400,
        'INVITATION_CODE_UNKNOWN',
        'This invitation code does not exist',
      ],
      [
        'an empty invitation code',
        (account) => ({ account, password: 'secret123', confirmPassword: 'secret123', invitationCode: '  ' }),
        400,
        'VALIDATION_FAILED',
        'Invitation Code cannot be empty',
      ],
      [
        'a password shorter than 6',
        (account) => ({ account, password: 'abc', confirmPassword: 'abc', invitationCode: 'DEMO2026' }),
        400,
        'VALIDATION_FAILED',
        'Password must be 6-18 characters',
      ],
      [
        'a password longer than 18',
        (account) => ({
          account,
          password: 'a'.repeat(19),
          confirmPassword: 'a'.repeat(19),
          invitationCode: 'DEMO2026',
        }),
        400,
        'VALIDATION_FAILED',
        // Said to be too long, never cut to 18 (which would then fail at login).
        'Password must be at most 18 characters',
      ],
      [
        'an account with spaces',
        () => ({
          account: 'bad name',
          password: 'secret123',
          confirmPassword: 'secret123',
          invitationCode: 'DEMO2026',
        }),
        400,
        'VALIDATION_FAILED',
        'Account must be 4-32 letters, digits or underscores',
      ],
      [
        'a malformed email',
        (account) => ({
          account,
          password: 'secret123',
          confirmPassword: 'secret123',
          invitationCode: 'DEMO2026',
          email: 'not-an-email',
        }),
        400,
        'VALIDATION_FAILED',
        'Please enter a valid email address',
      ],
    ];

    it.each(refusals)('refuses %s', async (_name, body, status, code, message) => {
      const before = await countRows(t, 'users');
      const response = await call<ErrorJson>(t, 'POST', '/auth/register', {
        body: body(uniqueAccount('ref')),
      });
      expect(response.status).toBe(status);
      expect(response.body.error.code).toBe(code);
      expect(response.body.error.message).toBe(message);
      expect(await countRows(t, 'users')).toBe(before);
    });

    it('refuses a taken account name, whatever its case', async () => {
      const account = uniqueAccount('Taken');
      await register(t, account);
      const response = await call<ErrorJson>(t, 'POST', '/auth/register', {
        body: {
          account: account.toUpperCase(),
          password: 'secret123',
          confirmPassword: 'secret123',
          invitationCode: 'DEMO2026',
        },
      });
      expect(response.status).toBe(409);
      expect(response.body.error).toEqual({
        code: 'ACCOUNT_TAKEN',
        message: 'This account name is already taken',
      });
    });

    it('refuses an email already in use, whatever its case', async () => {
      const email = `${uniqueAccount('mail')}@Example.com`;
      await register(t, uniqueAccount('m1'), 'secret123', { email });
      const response = await call<ErrorJson>(t, 'POST', '/auth/register', {
        body: {
          account: uniqueAccount('m2'),
          password: 'secret123',
          confirmPassword: 'secret123',
          invitationCode: 'DEMO2026',
          email: email.toLowerCase(),
        },
      });
      expect(response.status).toBe(409);
      expect(response.body.error).toEqual({ code: 'EMAIL_TAKEN', message: 'This email is already in use' });
    });
  });

  describe('login', () => {
    const account = uniqueAccount('login');
    beforeAll(async () => {
      await register(t, account, 'secret123');
    });

    it('logs in with account, password and captcha, returning an opaque token', async () => {
      const response = await login(t, account.toUpperCase(), 'secret123', { 'user-agent': 'vitest-agent' });
      expect(response.status).toBe(200);
      const body = response.body as {
        token: string;
        expiresAt: number;
        user: { id: string; username: string };
      };
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user.username).toBe(account);
      expect(body.expiresAt).toBe(Math.floor(t.clock.now().getTime() / 1000) + SESSION_TTL_SECONDS);
      const session = await t.database.kysely
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', body.user.id)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(session.token_hash).not.toBe(body.token);
      expect(session.user_agent).toBe('vitest-agent');
      expect(session.ip).toBe('127.0.0.1');
    });

    it('logs in the seeded demo user', async () => {
      expect((await login(t, DEMO.user.account, DEMO.user.password)).status).toBe(200);
    });

    it('refuses a wrong captcha with "Incorrect captcha"', async () => {
      const { captchaId } = await captcha(t);
      const response = await call<ErrorJson>(t, 'POST', '/auth/login', {
        body: { account, password: 'secret123', captchaId, captchaAnswer: 'zzzz' },
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'INVALID_CAPTCHA', message: 'Incorrect captcha' });
    });

    it('accepts the captcha answer in any case', async () => {
      const { captchaId, captchaAnswer } = await captcha(t);
      const flipped = [...captchaAnswer].map((c) =>
        c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase(),
      );
      const response = await call(t, 'POST', '/auth/login', {
        body: { account, password: 'secret123', captchaId, captchaAnswer: flipped.join('') },
      });
      expect(response.status).toBe(200);
    });

    it('never accepts a captcha twice, even after a success', async () => {
      const solved = await captcha(t);
      const first = await call(t, 'POST', '/auth/login', {
        body: { account, password: 'secret123', ...solved },
      });
      expect(first.status).toBe(200);
      const again = await call<ErrorJson>(t, 'POST', '/auth/login', {
        body: { account, password: 'secret123', ...solved },
      });
      expect(again.body.error.code).toBe('INVALID_CAPTCHA');
    });

    it('uses the captcha up on a failed attempt: the right answer afterwards is refused', async () => {
      const solved = await captcha(t);
      const wrongPassword = await call<ErrorJson>(t, 'POST', '/auth/login', {
        body: { account, password: 'wrong-password', ...solved },
      });
      expect(wrongPassword.body.error.code).toBe('INVALID_CREDENTIALS');
      const retry = await call<ErrorJson>(t, 'POST', '/auth/login', {
        body: { account, password: 'secret123', ...solved },
      });
      expect(retry.body.error.code).toBe('INVALID_CAPTCHA');
    });

    it('refuses an expired captcha (2 minutes)', async () => {
      const solved = await captcha(t);
      t.clock.advanceSeconds(121);
      const response = await call<ErrorJson>(t, 'POST', '/auth/login', {
        body: { account, password: 'secret123', ...solved },
      });
      expect(response.body.error.code).toBe('INVALID_CAPTCHA');
    });

    it('refuses a captcha id that is not even a uuid', async () => {
      const response = await call<ErrorJson>(t, 'POST', '/auth/login', {
        body: { account, password: 'secret123', captchaId: 'nope', captchaAnswer: 'abcd' },
      });
      expect(response.body.error.code).toBe('INVALID_CAPTCHA');
    });

    it('gives the same answer for an unknown account and a wrong password', async () => {
      const unknown = await login(t, uniqueAccount('ghost'), 'secret123');
      const wrong = await login(t, account, 'not-the-password');
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.body).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect account or password' },
      });
    });

    it('runs one real argon2 verification for an unknown account, as for a wrong password', async () => {
      // Timing is what would leak an account's existence; rather than compare wall clocks (flaky on a
      // loaded machine) this counts the argon2 verifications each path performs, calling through to the
      // real hasher.
      const verify = vi.spyOn(t.hasher, 'verify');
      const verifyDummy = vi.spyOn(t.hasher, 'verifyDummy');
      try {
        await login(t, uniqueAccount('ghost'), 'not-the-password');
        expect([verify.mock.calls.length, verifyDummy.mock.calls.length]).toEqual([0, 1]);
        expect(await verifyDummy.mock.results[0]?.value).toBe(false);
        await login(t, account, 'not-the-password');
        expect([verify.mock.calls.length, verifyDummy.mock.calls.length]).toEqual([1, 1]);
      } finally {
        verify.mockRestore();
        verifyDummy.mockRestore();
      }
      await loginToken(t, account, 'secret123'); // clear the failures recorded here
    });

    it('requires account, password and image code', async () => {
      const response = await call<ErrorJson>(t, 'POST', '/auth/login', {
        body: { account: ' ', password: '', captchaId: '', captchaAnswer: '' },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(response.body.error.details).toEqual([
        { path: 'account', message: 'Please enter your account' },
        { path: 'password', message: 'Please enter your password' },
        { path: 'captchaAnswer', message: 'Please enter the image code' },
      ]);
    });

    it('refuses a frozen account after a correct password', async () => {
      const frozen = uniqueAccount('frozen');
      const user = await register(t, frozen);
      await t.database.kysely
        .updateTable('users')
        .set({ status: 'frozen' })
        .where('id', '=', user.id)
        .execute();
      const response = await login(t, frozen, 'secret123');
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: { code: 'ACCOUNT_FROZEN', message: en('errors.ACCOUNT_FROZEN') },
      });
      // A wrong password still says only "incorrect": being frozen is not revealed to a guesser.
      expect(((await login(t, frozen, 'wrong-pass')).body as ErrorJson).error.code).toBe(
        'INVALID_CREDENTIALS',
      );
    });
  });

  describe('sessions and logout', () => {
    const account = uniqueAccount('sess');
    beforeAll(async () => {
      await register(t, account, 'secret123');
    });

    it('rejects requests without a token, with a malformed one, or with an unknown one', async () => {
      const variants: Array<Record<string, string>> = [
        {},
        { authorization: 'Token abc' },
        { authorization: `Bearer ${'x'.repeat(43)}` },
      ];
      for (const headers of variants) {
        const response = await call<ErrorJson>(t, 'GET', '/auth/sessions', { headers });
        expect(response.status).toBe(401);
        expect(response.body.error).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in again' });
      }
    });

    it('lists live sessions with the current one flagged, and revokes one', async () => {
      const first = await loginToken(t, account, 'secret123');
      const second = await loginToken(t, account, 'secret123');
      const listed = await call<{ sessions: Array<{ id: string; current: boolean }> }>(
        t,
        'GET',
        '/auth/sessions',
        {
          token: second,
        },
      );
      expect(listed.status).toBe(200);
      expect(listed.body.sessions.length).toBeGreaterThanOrEqual(2);
      expect(listed.body.sessions.filter((s) => s.current)).toHaveLength(1);
      const other = listed.body.sessions.find((s) => !s.current);
      if (!other) throw new Error('expected a second session');

      const revoked = await call(t, 'DELETE', `/auth/sessions/${other.id}`, { token: second });
      expect(revoked.status).toBe(200);
      expect(revoked.body).toEqual({ ok: true });
      expect((await call(t, 'GET', '/auth/sessions', { token: first })).status).toBe(401);
      const after = await call<{ sessions: Array<{ id: string }> }>(t, 'GET', '/auth/sessions', {
        token: second,
      });
      expect(after.body.sessions.map((s) => s.id)).not.toContain(other.id);
    });

    it("answers NOT_FOUND for another user's session, and leaves it alone", async () => {
      const mine = await loginToken(t, account, 'secret123');
      const stranger = uniqueAccount('stranger');
      await register(t, stranger);
      const theirs = await loginToken(t, stranger, 'secret123');
      const theirList = await call<{ sessions: Array<{ id: string }> }>(t, 'GET', '/auth/sessions', {
        token: theirs,
      });
      const theirId = theirList.body.sessions[0]?.id ?? '';
      const response = await call<ErrorJson>(t, 'DELETE', `/auth/sessions/${theirId}`, { token: mine });
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      expect((await call(t, 'GET', '/auth/sessions', { token: theirs })).status).toBe(200);
      const made = await call<ErrorJson>(t, 'DELETE', '/auth/sessions/00000000-0000-4000-8000-000000000000', {
        token: mine,
      });
      expect(made.status).toBe(404);
    });

    it('refuses a session id that is not a uuid as a validation error', async () => {
      const token = await loginToken(t, account, 'secret123');
      const response = await call<ErrorJson>(t, 'DELETE', '/auth/sessions/not-a-uuid', { token });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(response.body.error.details?.[0]?.path).toBe('id');
    });

    it('logout revokes the current token: it is refused afterwards', async () => {
      const token = await loginToken(t, account, 'secret123');
      expect((await call(t, 'GET', '/me', { token })).status).toBe(200);
      const out = await call(t, 'POST', '/auth/logout', { token });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ ok: true });
      const after = await call<ErrorJson>(t, 'GET', '/me', { token });
      expect(after.status).toBe(401);
      expect(after.body.error.code).toBe('UNAUTHENTICATED');
      // Logging out twice is just unauthenticated.
      expect((await call(t, 'POST', '/auth/logout', { token })).status).toBe(401);
    });

    it('accepts a bodyless logout sent with a JSON content type', async () => {
      const token = await loginToken(t, account, 'secret123');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(200);
    });

    it('touches last_seen_at at most once a minute', async () => {
      const token = await loginToken(t, account, 'secret123');
      const seen = async () => {
        const list = await call<{ sessions: Array<{ current: boolean; lastSeenAt: number }> }>(
          t,
          'GET',
          '/auth/sessions',
          { token },
        );
        return list.body.sessions.find((s) => s.current)?.lastSeenAt ?? 0;
      };
      const start = await seen();
      t.clock.advanceSeconds(30);
      expect(await seen()).toBe(start);
      t.clock.advanceSeconds(31);
      const touched = await seen();
      expect(touched).toBe(start + 61);
    });

    it('refuses an expired token', async () => {
      const token = await loginToken(t, account, 'secret123');
      t.clock.advanceSeconds(SESSION_TTL_SECONDS + 1);
      const response = await call<ErrorJson>(t, 'GET', '/me', { token });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHENTICATED');
    });
  });
});

describe('captcha answers outside test mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite', env: { TRADEHALL_TEST_MODE: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are never sent: the test header exists only in test mode', async () => {
    const response = await call(t, 'GET', '/auth/captcha');
    expect(response.status).toBe(200);
    expect(response.headers[TEST_CAPTCHA_HEADER]).toBeUndefined();
    expect(JSON.stringify(response.headers)).not.toMatch(/answer/i);
    expect(Object.keys(response.body).sort()).toEqual(['captchaId', 'expiresAt', 'svg']);
  });
});
