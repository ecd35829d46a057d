/**
 * Lockouts under concurrency (DESIGN §9 faults): 100 guesses fired together, 99 wrong and the right one
 * last or in the middle, at each place a secret is checked against a lock. However they interleave, at
 * most the limit of passwords is CHECKED (counted on the real hasher's verify), no guess answers 500,
 * every wrong guess checked is counted, and the right guess neither gets in then nor right after.
 *
 *   - login (user):                      10 per window (LOGIN_FAILURES_BEFORE_LOCK)
 *   - payment password on a withdrawal:    5 per window (PAYMENT_PASSWORD_FAILURES_BEFORE_LOCK)
 *   - old password when changing the login password: the login counter, 10
 *   - login password when changing the payment password: the payment counter too, so 5
 *
 * And the right password sent many times at once is not turned away: attempts beyond the budget wait
 * for a turn. One line per case is printed for the closing note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnyJson,
  API,
  captcha,
  createTestApp,
  DRIVERS,
  type ErrorJson,
  type TestApp,
} from './harness.ts';
import {
  bindCard,
  fund,
  LOGIN_PASSWORD,
  type MoneyUser,
  newKey,
  operatorToken,
  PAYMENT_PASSWORD,
  quickUser,
} from './money.ts';

const GUESSES = 100;
const LOGIN_LIMIT = 10;
const PAYMENT_LIMIT = 5;
const POSITIONS = [
  { name: 'last', index: GUESSES - 1 },
  { name: 'middle', index: GUESSES / 2 },
] as const;

interface Burst {
  statuses: number[];
  codes: string[];
  /** The passwords the hasher verified, in order. */
  checked: string[];
}

interface Outcome {
  status: number;
  body: AnyJson;
}

/**
 * Counts what the real hasher verifies while `run` is in flight: a wrapper that records each password and
 * calls the real verify (the services hold this same object).
 */
async function countingVerifies<T>(
  t: TestApp,
  run: () => Promise<T>,
): Promise<{ result: T; checked: string[] }> {
  const hasher = t.hasher;
  const realVerify = hasher.verify;
  const checked: string[] = [];
  hasher.verify = (storedHash, password) => {
    checked.push(password);
    return realVerify(storedHash, password);
  };
  try {
    return { result: await run(), checked };
  } finally {
    hasher.verify = realVerify;
  }
}

async function inject(
  t: TestApp,
  method: 'POST',
  url: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<Outcome> {
  const response = await t.app.inject({
    method,
    url: `${API}${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body,
  });
  return { status: response.statusCode, body: JSON.parse(response.body || '{}') as AnyJson };
}

/** 99 wrong guesses and the right one at `rightAt`, all sent at once. */
async function burst(
  t: TestApp,
  guesses: string[],
  send: (guess: string, index: number) => Promise<Outcome>,
): Promise<Burst> {
  const { result, checked } = await countingVerifies(t, () =>
    Promise.all(guesses.map((guess, index) => send(guess, index))),
  );
  return {
    statuses: result.map((outcome) => outcome.status),
    codes: result.map((outcome) => (outcome.body as Partial<ErrorJson>).error?.code ?? 'ok'),
    checked,
  };
}

function guessesWith(right: string, rightAt: number, wrong: (i: number) => string): string[] {
  return Array.from({ length: GUESSES }, (_, i) => (i === rightAt ? right : wrong(i)));
}

async function failureCount(t: TestApp, scope: string, key: string): Promise<number> {
  const row = await t.database.kysely
    .selectFrom('login_throttles')
    .select(['failure_count', 'in_flight', 'locked_until'])
    .where('scope', '=', scope as 'user')
    .where('account_key', '=', key)
    .executeTakeFirst();
  expect(row?.in_flight).toBe(0);
  expect(row?.locked_until).not.toBeNull();
  return row?.failure_count ?? 0;
}

/** What every case asserts of its burst, and the line it prints. */
function expectHeld(
  label: string,
  result: Burst,
  options: { right: string; rightAt: number; limit: number; wrongStatus: number; lockedCode: string },
): void {
  const { right, rightAt, limit, wrongStatus, lockedCode } = options;
  const refused = result.codes.filter((code) => code === lockedCode).length;
  const wrongAnswers = result.statuses.filter((status) => status === wrongStatus).length;
  console.log(
    `lockout ${label}, right guess ${rightAt === GUESSES - 1 ? 'last' : 'in the middle'}: ` +
      `${result.checked.length} of ${GUESSES} guesses checked (limit ${limit}); ${wrongAnswers} answered wrong, ` +
      `${refused} refused ${lockedCode}; statuses ${[...new Set(result.statuses)].sort().join('/')}`,
  );
  expect(result.statuses.filter((status) => status >= 500)).toEqual([]);
  expect(result.checked.length).toBeLessThanOrEqual(limit);
  // The budget was not left unused either: the lock came from exactly `limit` wrong guesses.
  expect(result.checked.length).toBe(limit);
  expect(result.checked).not.toContain(right);
  expect(result.statuses[rightAt]).toBe(429);
  expect(result.codes[rightAt]).toBe(lockedCode);
  expect(wrongAnswers).toBe(result.checked.length);
  expect(wrongAnswers + refused).toBe(GUESSES);
}

describe.each(DRIVERS)('lockouts under %s concurrency', (driver) => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp({ driver, env: { TURNOVER_MULTIPLIER: '0' } });
    operator = await operatorToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the right password sent 20 times at once: all 20 get in (waiting for a turn, not refused)', async () => {
    const user = await quickUser(t, { prefix: 'rightrace' });
    const captchas: Array<{ captchaId: string; captchaAnswer: string }> = [];
    for (let i = 0; i < 20; i += 1) captchas.push(await captcha(t));
    const result = await burst(
      t,
      Array.from({ length: 20 }, () => LOGIN_PASSWORD),
      (password, i) => inject(t, 'POST', '/auth/login', { account: user.account, password, ...captchas[i] }),
    );
    console.log(
      `lockout ${driver} login, the right password 20 times at once: ${result.checked.length} checked, ` +
        `statuses ${[...new Set(result.statuses)].join('/')}`,
    );
    expect(result.statuses).toEqual(Array.from({ length: 20 }, () => 200));
    expect(result.checked).toHaveLength(20);
  });

  describe.each(POSITIONS)('right guess $name', ({ index: rightAt }) => {
    it(`login: at most ${LOGIN_LIMIT} of ${GUESSES} passwords checked`, async () => {
      const user = await quickUser(t, { prefix: 'lockrace' });
      const captchas: Array<{ captchaId: string; captchaAnswer: string }> = [];
      for (let i = 0; i < GUESSES; i += 1) captchas.push(await captcha(t));
      const guesses = guessesWith(LOGIN_PASSWORD, rightAt, (i) => `wrong-guess-${i}`);
      const result = await burst(t, guesses, (password, i) =>
        inject(t, 'POST', '/auth/login', { account: user.account, password, ...captchas[i] }),
      );
      expectHeld(`${driver} login`, result, {
        right: LOGIN_PASSWORD,
        rightAt,
        limit: LOGIN_LIMIT,
        wrongStatus: 401,
        lockedCode: 'LOGIN_LOCKED',
      });
      expect(await failureCount(t, 'user', user.account.toLowerCase())).toBe(LOGIN_LIMIT);
      const after = await inject(t, 'POST', '/auth/login', {
        account: user.account,
        password: LOGIN_PASSWORD,
        ...(await captcha(t)),
      });
      expect(after.status).toBe(429);
      expect(
        await t.database.kysely.selectFrom('sessions').where('user_id', '=', user.id).execute(),
      ).toHaveLength(1);
    });

    it(`withdrawal: at most ${PAYMENT_LIMIT} of ${GUESSES} payment passwords checked`, async () => {
      const user: MoneyUser = await quickUser(t, { prefix: 'pinrace' });
      const card = await bindCard(t, user);
      await fund(t, operator, user, 10_000);
      const withdraw = (paymentPassword: string) =>
        inject(
          t,
          'POST',
          '/withdrawals',
          {
            amount: 2000,
            destinationType: 'bank_card',
            destinationId: card,
            paymentPassword,
            idempotencyKey: newKey(),
          },
          user.token,
        );
      const guesses = guessesWith(PAYMENT_PASSWORD, rightAt, (i) => String(200_000 + i));
      const result = await burst(t, guesses, (guess) => withdraw(guess));
      expectHeld(`${driver} withdrawal payment password`, result, {
        right: PAYMENT_PASSWORD,
        rightAt,
        limit: PAYMENT_LIMIT,
        wrongStatus: 400,
        lockedCode: 'PAYMENT_PASSWORD_LOCKED',
      });
      expect(await failureCount(t, 'payment_password', user.id)).toBe(PAYMENT_LIMIT);
      const after = await withdraw(PAYMENT_PASSWORD);
      expect(after.status).toBe(429);
      const made = await t.database.kysely.selectFrom('withdrawals').where('user_id', '=', user.id).execute();
      expect(made).toHaveLength(0);
    });

    it(`change login password: at most ${LOGIN_LIMIT} of ${GUESSES} old passwords checked`, async () => {
      const user = await quickUser(t, { prefix: 'pwrace' });
      const before = await passwordHashes(t, user.id);
      const change = (oldPassword: string) =>
        inject(
          t,
          'POST',
          '/me/password',
          { oldPassword, newPassword: 'changed123', confirmPassword: 'changed123' },
          user.token,
        );
      const guesses = guessesWith(LOGIN_PASSWORD, rightAt, (i) => `wrong-guess-${i}`);
      const result = await burst(t, guesses, (guess) => change(guess));
      expectHeld(`${driver} change login password`, result, {
        right: LOGIN_PASSWORD,
        rightAt,
        limit: LOGIN_LIMIT,
        wrongStatus: 400,
        lockedCode: 'LOGIN_LOCKED',
      });
      expect(await failureCount(t, 'user', user.account.toLowerCase())).toBe(LOGIN_LIMIT);
      expect((await change(LOGIN_PASSWORD)).status).toBe(429);
      expect(await passwordHashes(t, user.id)).toEqual(before);
    });

    it(`change payment password: at most ${PAYMENT_LIMIT} of ${GUESSES} login passwords checked`, async () => {
      const user = await quickUser(t, { prefix: 'ppwrace' });
      const before = await passwordHashes(t, user.id);
      const change = (loginPassword: string) =>
        inject(
          t,
          'POST',
          '/me/payment-password',
          { loginPassword, paymentPassword: '654321', confirmPaymentPassword: '654321' },
          user.token,
        );
      const guesses = guessesWith(LOGIN_PASSWORD, rightAt, (i) => `wrong-guess-${i}`);
      const result = await burst(t, guesses, (guess) => change(guess));
      expectHeld(`${driver} change payment password`, result, {
        right: LOGIN_PASSWORD,
        rightAt,
        limit: PAYMENT_LIMIT,
        wrongStatus: 400,
        lockedCode: 'PAYMENT_PASSWORD_LOCKED',
      });
      expect(await failureCount(t, 'payment_password', user.id)).toBe(PAYMENT_LIMIT);
      expect((await change(LOGIN_PASSWORD)).status).toBe(429);
      expect(await passwordHashes(t, user.id)).toEqual(before);
    });
  });
});

async function passwordHashes(t: TestApp, userId: string) {
  return t.database.kysely
    .selectFrom('users')
    .select(['password_hash', 'payment_password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
