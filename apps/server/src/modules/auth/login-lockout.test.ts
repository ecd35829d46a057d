/**
 * Lockout: 10 failed logins for one name within 15 minutes lock that name's login for 15 minutes, the
 * same way whether the account exists or not. (Concurrent guesses: test/lockout-concurrency.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  DEMO,
  DRIVERS,
  type ErrorJson,
  login,
  register,
  type TestApp,
  uniqueAccount,
} from '../../../test/harness.ts';
import { addSeconds } from '../../platform/clock.ts';
import { AttemptThrottleRepository } from '../attempt-throttle/attempt-throttle.repository.ts';
import { AttemptThrottleService } from '../attempt-throttle/attempt-throttle.service.ts';

const LOCKED = { code: 'LOGIN_LOCKED', message: 'Too many failed attempts, login is locked for 15 minutes' };

describe.each(DRIVERS)('login lockout on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t?.close();
  });

  const fail = async (account: string, times: number) => {
    for (let i = 0; i < times; i += 1) {
      const response = await login(t, account, 'wrong-password');
      expect((response.body as ErrorJson).error.code).toBe('INVALID_CREDENTIALS');
    }
  };

  it('locks an existing account after 10 failures, even for the right password', async () => {
    const account = uniqueAccount('lock');
    await register(t, account, 'secret123');
    await fail(account, 10);
    const locked = await login(t, account, 'secret123');
    expect(locked.status).toBe(429);
    const error = (locked.body as ErrorJson).error;
    expect({ code: error.code, message: error.message }).toEqual(LOCKED);
    expect(error.retryAfterSeconds).toBe(900);
    expect(locked.headers['retry-after']).toBe('900');
  });

  it('locks an unknown account name exactly the same way', async () => {
    const ghost = uniqueAccount('ghost');
    await fail(ghost, 10);
    const locked = await login(t, ghost, 'whatever1');
    expect(locked.status).toBe(429);
    expect((locked.body as ErrorJson).error.code).toBe('LOGIN_LOCKED');
    expect((locked.body as ErrorJson).error.retryAfterSeconds).toBe(900);
  });

  it('counts the name case-insensitively', async () => {
    const account = uniqueAccount('Case');
    await register(t, account, 'secret123');
    for (let i = 0; i < 10; i += 1)
      await login(t, i % 2 ? account.toUpperCase() : account.toLowerCase(), 'nope123');
    expect((await login(t, account, 'secret123')).status).toBe(429);
  });

  it('unlocks after 15 minutes', async () => {
    const account = uniqueAccount('unlock');
    await register(t, account, 'secret123');
    await fail(account, 10);
    t.clock.advanceSeconds(14 * 60);
    const stillLocked = await login(t, account, 'secret123');
    expect((stillLocked.body as ErrorJson).error.retryAfterSeconds).toBe(60);
    t.clock.advanceSeconds(60);
    expect((await login(t, account, 'secret123')).status).toBe(200);
  });

  it('forgets failures older than the 15-minute window', async () => {
    const account = uniqueAccount('window');
    await register(t, account, 'secret123');
    await fail(account, 9);
    t.clock.advanceSeconds(15 * 60);
    await fail(account, 9);
    expect((await login(t, account, 'secret123')).status).toBe(200);
  });

  it('clears the count after a successful login', async () => {
    const account = uniqueAccount('clear');
    await register(t, account, 'secret123');
    await fail(account, 9);
    expect((await login(t, account, 'secret123')).status).toBe(200);
    await fail(account, 9);
    expect((await login(t, account, 'secret123')).status).toBe(200);
  });

  it('does not lock other accounts', async () => {
    const account = uniqueAccount('victim');
    await register(t, account, 'secret123');
    await fail(account, 10);
    expect((await login(t, DEMO.user.account, DEMO.user.password)).status).toBe(200);
  });

  it('still checks the captcha first while locked', async () => {
    const ghost = uniqueAccount('ghost');
    await fail(ghost, 10);
    const response = await call<ErrorJson>(t, 'POST', '/auth/login', {
      body: {
        account: ghost,
        password: 'x',
        captchaId: '00000000-0000-4000-8000-000000000000',
        captchaAnswer: 'ab',
      },
    });
    expect(response.body.error.code).toBe('INVALID_CAPTCHA');
  });
  it('lets a reservation whose process died hold its place only until the window ends', async () => {
    const account = uniqueAccount('leak');
    await register(t, account, 'secret123');
    await fail(account, 9);
    // The tenth attempt was reserved and its process died before settling it.
    const repository = new AttemptThrottleRepository();
    const now = t.clock.now();
    const window = { now, windowOverAt: addSeconds(now, -15 * 60), budget: 10 };
    expect(
      (await repository.reserve(t.database.kysely, 'user', account.toLowerCase(), window)).reserved,
    ).toBe(true);
    // The budget is held: an attempt waits for a turn (here for 100 ms, not the server's 15 s), then
    // is refused, to try again in a second; no password is checked.
    const throttle = new AttemptThrottleService({
      db: t.database.kysely,
      repository,
      clock: t.clock,
      policy: {
        failuresBeforeLock: 10,
        windowSeconds: 15 * 60,
        lockSeconds: 15 * 60,
        turnWaitMs: 100,
      },
    });
    let checked = false;
    await expect(
      throttle.attempt('user', account.toLowerCase(), async () => {
        checked = true;
      }),
    ).rejects.toMatchObject({ code: 'LOGIN_LOCKED', retryAfterSeconds: 1 });
    expect(checked).toBe(false);
    t.clock.advanceSeconds(15 * 60);
    expect((await login(t, account, 'secret123')).status).toBe(200);
  });

  it('counts neither way an attempt that ends without a verdict on the password (a frozen account)', async () => {
    const account = uniqueAccount('frozen');
    const user = await register(t, account, 'secret123');
    await t.database.kysely
      .updateTable('users')
      .set({ status: 'frozen' })
      .where('id', '=', user.id)
      .execute();
    await fail(account, 9);
    for (let i = 0; i < 5; i += 1) {
      expect(((await login(t, account, 'secret123')).body as ErrorJson).error.code).toBe('ACCOUNT_FROZEN');
    }
    const row = await t.database.kysely
      .selectFrom('login_throttles')
      .select(['failure_count', 'in_flight', 'locked_until'])
      .where('scope', '=', 'user')
      .where('account_key', '=', account.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failure_count: 9, in_flight: 0, locked_until: null });
  });
});
