/**
 * Bad input: malformed JSON, missing / extra / mistyped fields, oversize bodies, over-long strings,
 * control characters and foreign content types all get a typed 400-family error with a translated
 * message, and nothing is written.
 */
import { translateShared } from '@tradehall/contracts';
import type { Locale } from '@tradehall/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  countAllRows,
  createTestApp,
  DEMO,
  DRIVERS,
  type ErrorJson,
  loginToken,
  type TestApp,
  uniqueAccount,
} from './harness.ts';

interface BadCase {
  name: string;
  method?: 'POST' | 'PATCH' | 'PUT';
  url?: string;
  authenticated?: boolean;
  payload: string | Buffer;
  contentType?: string;
  status: number;
  code: string;
  /** [path, i18n key] of each expected detail. */
  details?: Array<[string, string]>;
}

const valid = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    account: uniqueAccount('bad'),
    password: 'secret123',
    confirmPassword: 'secret123',
    invitationCode: DEMO.user.invitationCode,
    ...overrides,
  });

const CASES: BadCase[] = [
  { name: 'malformed JSON', payload: '{"account": "abc", ', status: 400, code: 'MALFORMED_JSON' },
  {
    // Bytes that are not UTF-8 would otherwise become U+FFFD and pass as text the user never typed.
    name: 'a body that is not UTF-8',
    payload: Buffer.concat([Buffer.from('{"account": "ab'), Buffer.from([0xff, 0xfe]), Buffer.from('c"}')]),
    status: 400,
    code: 'MALFORMED_JSON',
  },
  {
    name: 'a prototype-poisoning body',
    payload: '{"__proto__": {"admin": true}}',
    status: 400,
    code: 'MALFORMED_JSON',
  },
  {
    name: 'a missing field',
    payload: JSON.stringify({ account: 'someone', confirmPassword: 'x', invitationCode: 'DEMO2026' }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['password', 'validation.required']],
  },
  {
    name: 'an extra field',
    payload: valid({ isAdmin: true }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['isAdmin', 'validation.unknownField']],
  },
  {
    name: 'a wrong type',
    payload: valid({ account: 12345 }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['account', 'validation.invalidType']],
  },
  {
    name: 'a body that is not an object',
    payload: '["account"]',
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['', 'validation.invalidType']],
  },
  {
    name: 'no body at all',
    payload: '',
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['', 'validation.required']],
  },
  {
    name: 'an over-long string',
    payload: valid({ account: 'a'.repeat(100) }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['account', 'validation.tooLong']],
  },
  {
    // Refused at the edge, before the schema: every string field gets the same answer.
    name: 'a NUL byte in the password',
    payload: valid({ password: 'secret\u0000123', confirmPassword: 'secret\u0000123' }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [
      ['password', 'validation.controlCharacters'],
      ['confirmPassword', 'validation.controlCharacters'],
    ],
  },
  {
    name: 'a lone surrogate in the account',
    payload: valid({ account: 'ab\uD800cd' }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['account', 'validation.controlCharacters']],
  },
  {
    name: 'a NUL byte in a field the schema does not know',
    payload: valid({ 'x\u0000': 'y' }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['[4]', 'validation.controlCharacters']],
  },
  {
    // 19 characters: said to be too long, never cut to 18 (which would then fail at login).
    name: 'a 19-character password',
    payload: valid({ password: 'abcdefghij123456789', confirmPassword: 'abcdefghij123456789' }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['password', 'validation.passwordTooLong']],
  },
  {
    name: 'a control character in the nickname',
    method: 'PATCH',
    url: '/me',
    authenticated: true,
    payload: JSON.stringify({ nickname: 'bell\u0007' }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['nickname', 'validation.controlCharacters']],
  },
  {
    name: 'a lone surrogate in the login account (no login needed)',
    url: '/auth/login',
    payload: JSON.stringify({ account: 'demo\uDC00', password: 'x', captchaId: 'y', captchaAnswer: 'z' }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['account', 'validation.controlCharacters']],
  },
  {
    name: 'a NUL byte in the account asking for a reset code (no login needed)',
    url: '/auth/password-reset/code',
    payload: JSON.stringify({ account: 'demo\u0000' }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['account', 'validation.controlCharacters']],
  },
  {
    name: 'a NUL byte in the account of a password reset (no login needed)',
    url: '/auth/password-reset',
    payload: JSON.stringify({
      account: 'demo\u0000',
      code: '123456',
      password: 'secret123',
      confirmPassword: 'secret123',
    }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['account', 'validation.controlCharacters']],
  },
  {
    name: 'an emoji as the real name (set once, for good)',
    method: 'PUT',
    url: '/me/real-name',
    authenticated: true,
    payload: JSON.stringify({ realName: '😀' }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['realName', 'validation.nameLetters']],
  },
  {
    name: 'a line break in the nickname (one line only)',
    method: 'PATCH',
    url: '/me',
    authenticated: true,
    payload: JSON.stringify({ nickname: 'two\nlines' }),
    status: 400,
    code: 'VALIDATION_FAILED',
    details: [['nickname', 'validation.controlCharacters']],
  },
  {
    name: 'an oversize body',
    payload: valid({ email: `${'x'.repeat(70 * 1024)}@example.com` }),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'a text/plain body',
    payload: valid(),
    contentType: 'text/plain',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'a form-encoded body',
    payload: 'account=abc&password=secret123',
    contentType: 'application/x-www-form-urlencoded',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
];

describe.each(DRIVERS)('bad input on %s', (driver) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    token = await loginToken(t, DEMO.user.account, DEMO.user.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = async (badCase: BadCase, acceptLanguage?: string) => {
    const headers: Record<string, string> = { 'content-type': badCase.contentType ?? 'application/json' };
    if (badCase.authenticated) headers.authorization = `Bearer ${token}`;
    if (acceptLanguage) headers['accept-language'] = acceptLanguage;
    const response = await t.app.inject({
      method: badCase.method ?? 'POST',
      url: `${API}${badCase.url ?? '/auth/register'}`,
      headers,
      payload: badCase.payload,
    });
    return { status: response.statusCode, body: JSON.parse(response.body) as ErrorJson };
  };

  const expectTyped = (body: ErrorJson, badCase: BadCase, locale: Locale) => {
    expect(body.error.code).toBe(badCase.code);
    if (badCase.details) {
      const details = badCase.details.map(([path, key]) => ({ path, message: translateShared(locale, key) }));
      expect(body.error.details).toEqual(details);
      expect(body.error.message).toBe(details[0]?.message);
    } else {
      expect(body.error.details).toBeUndefined();
      expect(body.error.message).toBe(translateShared(locale, `errors.${badCase.code}`));
    }
    // A translated sentence, never an i18n key or a stack trace.
    expect(body.error.message).not.toMatch(/^(errors|validation)\.|\bat \w+ \(/);
  };

  it.each(CASES)('refuses $name in English and writes nothing', async (badCase) => {
    const before = await countAllRows(t);
    const { status, body } = await send(badCase);
    expect(status).toBe(badCase.status);
    expectTyped(body, badCase, 'en');
    expect(await countAllRows(t)).toEqual(before);
  });

  it.each(CASES)('refuses $name in Japanese (Accept-Language: jp)', async (badCase) => {
    const before = await countAllRows(t);
    const { status, body } = await send(badCase, 'jp');
    expect(status).toBe(badCase.status);
    expectTyped(body, badCase, 'jp');
    expect(await countAllRows(t)).toEqual(before);
  });

  it('also understands a browser-style Accept-Language (ja-JP)', async () => {
    const { body } = await send(CASES[0] as BadCase, 'ja-JP,ja;q=0.9,en;q=0.8');
    expect(body.error.message).toBe(translateShared('jp', 'errors.MALFORMED_JSON'));
  });

  it('falls back to English for a language it does not have', async () => {
    const { body } = await send(CASES[0] as BadCase, 'fr-FR');
    expect(body.error.message).toBe('The request could not be read');
  });

  it('still accepts the valid version of the same request', async () => {
    const before = await countAllRows(t);
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: valid(),
    });
    expect(response.statusCode).toBe(201);
    expect((await countAllRows(t)).users).toBe((before.users ?? 0) + 1);
  });
});
