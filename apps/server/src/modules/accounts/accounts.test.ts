/** My account: profile, login password change, payment password. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../../../test/harness.ts';

interface Me {
  id: string;
  account: string;
  nickname: string;
  realName: string | null;
  email: string | null;
  creditScore: number;
  invitationCode: string;
  currency: string;
  balance: number;
  withdrawable: number;
  unprocessedCount: number;
  hasPaymentPassword: boolean;
  createdAt: number;
}

describe.each(DRIVERS)('accounts on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t?.close();
  });

  const newUser = async (prefix: string, email?: string) => {
    const account = uniqueAccount(prefix);
    const user = await register(t, account, 'secret123', email ? { email } : {});
    return { account, user, token: await loginToken(t, account, 'secret123') };
  };

  describe('GET /me', () => {
    it('describes the account; a new account has no money and nothing pending', async () => {
      const email = `${uniqueAccount('me')}@example.com`;
      const { account, user, token } = await newUser('me', email);
      const response = await call<Me>(t, 'GET', '/me', { token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: user.id,
        account,
        nickname: account,
        realName: null,
        email,
        creditScore: 100,
        invitationCode: expect.stringMatching(/^[A-Z0-9]{8}$/),
        currency: 'USD',
        balance: 0,
        withdrawable: 0,
        unprocessedCount: 0,
        hasPaymentPassword: false,
        createdAt: Math.floor(t.clock.now().getTime() / 1000),
      });
    });

    it('needs a token', async () => {
      expect((await call(t, 'GET', '/me')).status).toBe(401);
    });
  });

  describe('PATCH /me', () => {
    it('changes the nickname (trimmed) and the email, and clears the email with an empty one', async () => {
      const { token } = await newUser('patch');
      const email = `${uniqueAccount('p')}@example.com`;
      const changed = await call<Me>(t, 'PATCH', '/me', {
        token,
        body: { nickname: '  Lucky Star ', email },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.nickname).toBe('Lucky Star');
      expect(changed.body.email).toBe(email);
      const cleared = await call<Me>(t, 'PATCH', '/me', { token, body: { email: '' } });
      expect(cleared.body.email).toBeNull();
      expect(cleared.body.nickname).toBe('Lucky Star');
    });

    it("refuses another account's email but accepts the user's own again", async () => {
      const email = `${uniqueAccount('owner')}@example.com`;
      await newUser('owner', email);
      const { token } = await newUser('taker');
      const response = await call<ErrorJson>(t, 'PATCH', '/me', {
        token,
        body: { email: email.toUpperCase() },
      });
      expect(response.status).toBe(409);
      expect(response.body.error).toEqual({ code: 'EMAIL_TAKEN', message: 'This email is already in use' });
      const mine = `${uniqueAccount('mine')}@example.com`;
      expect((await call(t, 'PATCH', '/me', { token, body: { email: mine } })).status).toBe(200);
      expect((await call(t, 'PATCH', '/me', { token, body: { email: mine } })).status).toBe(200);
    });

    it('refuses an empty change, a blank nickname and unknown fields', async () => {
      const { token } = await newUser('nochange');
      const empty = await call<ErrorJson>(t, 'PATCH', '/me', { token, body: {} });
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toBe('Nothing to change');
      const blank = await call<ErrorJson>(t, 'PATCH', '/me', { token, body: { nickname: '   ' } });
      expect(blank.body.error.details).toEqual([
        { path: 'nickname', message: 'Nickname must be 1-32 characters' },
      ]);
      const extra = await call<ErrorJson>(t, 'PATCH', '/me', {
        token,
        body: { nickname: 'x', creditScore: 999 },
      });
      expect(extra.body.error.details).toEqual([
        { path: 'creditScore', message: 'This field is not allowed' },
      ]);
      const me = await call<Me>(t, 'GET', '/me', { token });
      expect(me.body.creditScore).toBe(100);
    });
  });

  describe('POST /me/password', () => {
    it('changes the password, keeps this session and signs out the others', async () => {
      const { account, token } = await newUser('chpw');
      const other = await loginToken(t, account, 'secret123');
      const response = await call(t, 'POST', '/me/password', {
        token,
        body: { oldPassword: 'secret123', newPassword: 'changed123', confirmPassword: 'changed123' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      expect((await call(t, 'GET', '/me', { token })).status).toBe(200);
      expect((await call(t, 'GET', '/me', { token: other })).status).toBe(401);
      expect((await login(t, account, 'secret123')).status).toBe(401);
      expect((await login(t, account, 'changed123')).status).toBe(200);
    });

    it('refuses a wrong old password, a mismatch and a short new password', async () => {
      const { token } = await newUser('chpwbad');
      const wrong = await call<ErrorJson>(t, 'POST', '/me/password', {
        token,
        body: { oldPassword: 'nope1234', newPassword: 'changed123', confirmPassword: 'changed123' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toEqual({ code: 'WRONG_PASSWORD', message: 'The password is incorrect' });

      const mismatch = await call<ErrorJson>(t, 'POST', '/me/password', {
        token,
        body: { oldPassword: 'secret123', newPassword: 'changed123', confirmPassword: 'changed124' },
      });
      expect(mismatch.body.error).toEqual({
        code: 'PASSWORDS_DO_NOT_MATCH',
        message: 'Passwords do not match',
      });

      const short = await call<ErrorJson>(t, 'POST', '/me/password', {
        token,
        body: { oldPassword: '', newPassword: 'abc', confirmPassword: 'abc' },
      });
      expect(short.body.error.details).toEqual([
        { path: 'oldPassword', message: 'Please enter the old password' },
        { path: 'newPassword', message: 'Password should be at least 6 digits' },
      ]);
      const missingNew = await call<ErrorJson>(t, 'POST', '/me/password', {
        token,
        body: { oldPassword: 'secret123', newPassword: '', confirmPassword: '' },
      });
      expect(missingNew.body.error.message).toBe('Please enter the new password');
    });
  });

  describe('POST /me/payment-password', () => {
    it('sets the first one without the login password, then needs it to change', async () => {
      const { token } = await newUser('pay');
      const first = await call(t, 'POST', '/me/payment-password', {
        token,
        body: { paymentPassword: '123456', confirmPaymentPassword: '123456' },
      });
      expect(first.status).toBe(200);
      expect((await call<Me>(t, 'GET', '/me', { token })).body.hasPaymentPassword).toBe(true);

      const withoutLogin = await call<ErrorJson>(t, 'POST', '/me/payment-password', {
        token,
        body: { paymentPassword: '654321', confirmPaymentPassword: '654321' },
      });
      expect(withoutLogin.status).toBe(400);
      expect(withoutLogin.body.error).toEqual({
        code: 'WRONG_PASSWORD',
        message: 'The password is incorrect',
      });

      const wrongLogin = await call<ErrorJson>(t, 'POST', '/me/payment-password', {
        token,
        body: { loginPassword: 'nope1234', paymentPassword: '654321', confirmPaymentPassword: '654321' },
      });
      expect(wrongLogin.body.error.code).toBe('WRONG_PASSWORD');

      const changed = await call(t, 'POST', '/me/payment-password', {
        token,
        body: { loginPassword: 'secret123', paymentPassword: '654321', confirmPaymentPassword: '654321' },
      });
      expect(changed.status).toBe(200);
    });

    it('stores it as its own argon2id hash', async () => {
      const { user, token } = await newUser('payhash');
      await call(t, 'POST', '/me/payment-password', {
        token,
        body: { paymentPassword: '246810', confirmPaymentPassword: '246810' },
      });
      const row = await t.database.kysely
        .selectFrom('users')
        .select(['password_hash', 'payment_password_hash'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.payment_password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.payment_password_hash).not.toBe(row.password_hash);
      expect(await t.hasher.verify(row.payment_password_hash ?? '', '246810')).toBe(true);
    });

    it('refuses anything but 6 digits, and a mismatch', async () => {
      const { token } = await newUser('paybad');
      for (const paymentPassword of ['12345', '1234567', 'abcdef', '12 456']) {
        const response = await call<ErrorJson>(t, 'POST', '/me/payment-password', {
          token,
          body: { paymentPassword, confirmPaymentPassword: paymentPassword },
        });
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe('VALIDATION_FAILED');
      }
      const digits = await call<ErrorJson>(t, 'POST', '/me/payment-password', {
        token,
        body: { paymentPassword: '12345a', confirmPaymentPassword: '12345a' },
      });
      expect(digits.body.error.message).toBe('Payment password must be 6 digits');
      const mismatch = await call<ErrorJson>(t, 'POST', '/me/payment-password', {
        token,
        body: { paymentPassword: '123456', confirmPaymentPassword: '123457' },
      });
      expect(mismatch.body.error).toEqual({
        code: 'PASSWORDS_DO_NOT_MATCH',
        message: 'Passwords do not match',
      });
      expect((await call<Me>(t, 'GET', '/me', { token })).body.hasPaymentPassword).toBe(false);
    });
  });
});
