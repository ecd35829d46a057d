/**
 * Password reset by emailed code, with the mail delivered to a real SMTP server on loopback: the code
 * from the mail works once; wrong, expired, exhausted and superseded codes are refused; asking reveals
 * nothing about whether an account exists.
 */
import { VERIFICATION_CODE_RESEND_SECONDS } from '@tradehall/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  countRows,
  createTestApp,
  DRIVERS,
  type ErrorJson,
  login,
  loginToken,
  register,
  type TestApp,
  uniqueAccount,
} from '../../../test/harness.ts';
import { codeFrom, startSmtp, type TestSmtp } from '../../../test/smtp.ts';

const INVALID = {
  code: 'VERIFICATION_CODE_INVALID',
  message: 'The verification code is wrong or has expired',
};

describe.each(DRIVERS)('password reset on %s', (driver) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ driver, smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const withEmail = async (prefix: string) => {
    const account = uniqueAccount(prefix);
    const email = `${account.toLowerCase()}@example.com`;
    await register(t, account, 'secret123', { email });
    return { account, email };
  };
  const requestCode = (account: string, locale?: string) =>
    call<{ resendAfterSeconds: number } & Partial<ErrorJson>>(t, 'POST', '/auth/password-reset/code', {
      body: { account },
      ...(locale ? { locale } : {}),
    });
  const reset = (account: string, code: string, password = 'newpass123', confirmPassword = password) =>
    call<ErrorJson>(t, 'POST', '/auth/password-reset', {
      body: { account, code, password, confirmPassword },
    });
  /** Past the 60 s resend rule, so the next request in a test is allowed. */
  const afterResendWindow = () => t.clock.advanceSeconds(VERIFICATION_CODE_RESEND_SECONDS);

  it('mails a 6-digit code that resets the password once and signs out every session', async () => {
    const { account, email } = await withEmail('reset');
    const oldToken = await loginToken(t, account, 'secret123');

    const asked = await requestCode(account);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ resendAfterSeconds: 60 });
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Your Tradehall verification code');
    expect(mail.from).toBe('no-reply@tradehall.local');
    const code = codeFrom(mail);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.database.kysely.selectFrom('password_reset_codes').select('code_hash').execute();
    expect(stored.map((row) => row.code_hash).join()).not.toContain(code);

    const done = await reset(account, code);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ok: true });
    expect((await call(t, 'GET', '/me', { token: oldToken })).status).toBe(401);
    expect(((await login(t, account, 'secret123')).body as ErrorJson).error.code).toBe('INVALID_CREDENTIALS');
    expect((await login(t, account, 'newpass123')).status).toBe(200);

    const reused = await reset(account, code, 'another123');
    expect(reused.status).toBe(400);
    expect(reused.body.error).toEqual(INVALID);
  });

  it('writes the mail in the language of the request', async () => {
    const { account, email } = await withEmail('jpmail');
    await requestCode(account, 'jp');
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Tradehall 認証コード');
    expect(mail.text).toContain('認証コードは');
    expect(codeFrom(mail)).toMatch(/^\d{6}$/);
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const before = smtp.mails.length;
    const response = await requestCode(uniqueAccount('nobody'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ resendAfterSeconds: 60 });
    const noEmail = uniqueAccount('noemail');
    await register(t, noEmail);
    expect((await requestCode(noEmail)).body).toEqual({ resendAfterSeconds: 60 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses a second request within 60 s, for existing and unknown names alike', async () => {
    const { account, email } = await withEmail('resend');
    const ghost = uniqueAccount('ghost');
    for (const name of [account, ghost]) {
      expect((await requestCode(name)).status).toBe(200);
      t.clock.advanceSeconds(30);
      const early = await requestCode(name.toUpperCase());
      expect(early.status).toBe(429);
      expect(early.body.error).toEqual({
        code: 'RESEND_TOO_SOON',
        message: 'Please wait before requesting another code',
        retryAfterSeconds: 30,
      });
      t.clock.advanceSeconds(30);
      expect((await requestCode(name)).status).toBe(200);
      afterResendWindow();
    }
    await smtp.waitFor(email);
    await smtp.waitFor(email);
  });

  it('only the latest code works', async () => {
    const { account, email } = await withEmail('latest');
    await requestCode(account);
    const first = codeFrom(await smtp.waitFor(email));
    afterResendWindow();
    await requestCode(account);
    const second = codeFrom(await smtp.waitFor(email));
    if (first !== second) expect((await reset(account, first)).body.error).toEqual(INVALID);
    expect((await reset(account, second)).status).toBe(200);
  });

  it('refuses a code after 10 minutes', async () => {
    const { account, email } = await withEmail('expired');
    await requestCode(account);
    const code = codeFrom(await smtp.waitFor(email));
    t.clock.advanceSeconds(10 * 60);
    expect((await reset(account, code)).body.error).toEqual(INVALID);
  });

  it('allows 5 attempts: after 5 wrong codes the right one is refused too', async () => {
    const { account, email } = await withEmail('attempts');
    await requestCode(account);
    const code = codeFrom(await smtp.waitFor(email));
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await reset(account, wrong)).body.error).toEqual(INVALID);
    expect((await reset(account, code)).body.error).toEqual(INVALID);
    expect((await login(t, account, 'secret123')).status).toBe(200);
  });

  it('accepts the right code after fewer than 5 wrong ones', async () => {
    const { account, email } = await withEmail('fewwrong');
    await requestCode(account);
    const code = codeFrom(await smtp.waitFor(email));
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i += 1) await reset(account, wrong);
    expect((await reset(account, code)).status).toBe(200);
  });

  it('refuses mismatched passwords before using up an attempt', async () => {
    const { account, email } = await withEmail('mismatch');
    await requestCode(account);
    const code = codeFrom(await smtp.waitFor(email));
    const response = await reset(account, code, 'newpass123', 'newpass124');
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'PASSWORDS_DO_NOT_MATCH',
      message: 'Passwords do not match',
    });
    expect((await reset(account, code)).status).toBe(200);
  });

  it('refuses an unknown account and malformed codes without writing anything', async () => {
    expect((await reset(uniqueAccount('nobody'), '123456')).body.error).toEqual(INVALID);
    const before = await countRows(t, 'password_reset_codes');
    const malformed = await reset('someone', '12ab');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION_FAILED');
    expect(malformed.body.error.details).toEqual([
      { path: 'code', message: 'The verification code is 6 digits' },
    ]);
    expect(await countRows(t, 'password_reset_codes')).toBe(before);
  });
});

describe('password reset without SMTP_URL', () => {
  it('writes the code to the log, clearly marked', async () => {
    const { createMailer, DEV_MAIL_MARKER } = await import('../../platform/mailer.ts');
    const { pino } = await import('pino');
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({ smtpUrl: null, from: 'x@y.z', logger });
    expect(mailer.mode).toBe('log');
    mailer.sendInBackground({ to: 'a@b.c', subject: 'Your code', text: 'Your verification code is 123456.' });
    await mailer.close();
    const entry = JSON.parse(lines[0] ?? '{}') as { msg?: string };
    expect(entry.msg).toContain(DEV_MAIL_MARKER);
    expect(entry.msg).toContain('123456');
  });
});
