/**
 * Rate limits with lowered ceilings: per IP on every route, tighter per IP on auth routes, and per account
 * name across IPs; the built files are not counted. With TEST_REDIS_URL set, two app instances share their
 * counts through Redis, and only when they share REDIS_PREFIX.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  captcha,
  createTestApp,
  type ErrorJson,
  TEST_REDIS_URL,
  type TestApp,
  uniqueAccount,
} from './harness.ts';

const LIMITS = {
  RATE_LIMIT_PER_MINUTE: '20',
  AUTH_RATE_LIMIT_PER_MINUTE: '3',
  ACCOUNT_RATE_LIMIT_PER_MINUTE: '4',
  CAPTCHA_RATE_LIMIT_PER_MINUTE: '1000',
};

/** A random private address per test, so counts never leak between tests or runs (Redis). */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function loginFrom(t: TestApp, ip: string, account: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    remoteAddress: ip,
    payload: { account, password: 'wrong-password', ...(await captcha(t)) },
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as ErrorJson,
    headers: response.headers,
  };
}

function expectRateLimited(response: { status: number; body: ErrorJson; headers: Record<string, unknown> }) {
  expect(response.status).toBe(429);
  expect(response.body.error.code).toBe('RATE_LIMITED');
  expect(response.body.error.message).toBe('Too many requests, please try again later');
  expect(response.body.error.retryAfterSeconds).toBeGreaterThan(0);
  expect(response.body.error.retryAfterSeconds).toBeLessThanOrEqual(60);
  expect(Number(response.headers['retry-after'])).toBe(response.body.error.retryAfterSeconds);
}

describe('rate limits (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite', env: LIMITS });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits auth routes per IP, and only that IP', async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await loginFrom(t, ip, uniqueAccount('ip'))).body.error.code).toBe('INVALID_CREDENTIALS');
    }
    expectRateLimited(await loginFrom(t, ip, uniqueAccount('ip')));
    expect((await loginFrom(t, randomIp(), uniqueAccount('ip'))).body.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('counts even requests with invalid bodies', async () => {
    const ip = randomIp();
    const send = () =>
      t.app.inject({ method: 'POST', url: `${API}/auth/register`, remoteAddress: ip, payload: { bogus: 1 } });
    for (let i = 0; i < 3; i += 1) expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(429);
  });

  it('limits login attempts per account name across IPs', async () => {
    const account = uniqueAccount('acct');
    for (let i = 0; i < 4; i += 1) {
      expect((await loginFrom(t, randomIp(), account)).body.error.code).toBe('INVALID_CREDENTIALS');
    }
    expectRateLimited(await loginFrom(t, randomIp(), account.toUpperCase()));
    expect((await loginFrom(t, randomIp(), uniqueAccount('other'))).body.error.code).toBe(
      'INVALID_CREDENTIALS',
    );
  });

  it('limits every route per IP with the global ceiling', async () => {
    const ip = randomIp();
    const get = () => t.app.inject({ method: 'GET', url: `${API}/app/version`, remoteAddress: ip });
    for (let i = 0; i < 20; i += 1) expect((await get()).statusCode).toBe(200);
    const limited = await get();
    expectRateLimited({
      status: limited.statusCode,
      body: JSON.parse(limited.body) as ErrorJson,
      headers: limited.headers,
    });
  });
});

const redisUrl = TEST_REDIS_URL;
if (redisUrl) {
  describe('rate limits shared through Redis', () => {
    let redis: Redis;
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      first = await createTestApp({ driver: 'pglite', env: LIMITS, redis });
      second = await createTestApp({ driver: 'pglite', env: LIMITS, redis });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await redis?.quit();
    });

    it('one node sees the attempts made on another', async () => {
      const ip = randomIp();
      for (let i = 0; i < 3; i += 1) await loginFrom(first, ip, uniqueAccount('redis'));
      expectRateLimited(await loginFrom(second, ip, uniqueAccount('redis')));
    });

    it('another deployment on the same Redis (its own REDIS_PREFIX) keeps its own counts', async () => {
      const other = await createTestApp({
        driver: 'pglite',
        env: { ...LIMITS, REDIS_PREFIX: `other-${randomInt(1_000_000)}` },
        redis,
      });
      try {
        const ip = randomIp();
        for (let i = 0; i < 3; i += 1) await loginFrom(first, ip, uniqueAccount('redis'));
        expectRateLimited(await loginFrom(second, ip, uniqueAccount('redis')));
        expect((await loginFrom(other, ip, uniqueAccount('redis'))).body.error.code).toBe(
          'INVALID_CREDENTIALS',
        );
      } finally {
        await other.close();
      }
    });
  });
}

describe('the built files and the per-IP ceiling', () => {
  let root: string;
  let t: TestApp;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'tradehall-limits-'));
    const site = (name: string) => {
      const dir = path.join(root, name);
      mkdirSync(path.join(dir, 'assets'), { recursive: true });
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
      writeFileSync(path.join(dir, 'assets/page-AbCdEf12.js'), 'export {};\n');
      return dir;
    };
    t = await createTestApp({
      driver: 'pglite',
      env: { ...LIMITS, WEB_DIST_DIR: site('web'), CONSOLE_DIST_DIR: site('console') },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves a whole install (more files than the ceiling) and still counts every API request', async () => {
    const ip = randomIp();
    const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });
    for (let i = 0; i < 25; i += 1) {
      expect((await get('/assets/page-AbCdEf12.js')).statusCode).toBe(200);
      expect((await get('/console/assets/page-AbCdEf12.js')).statusCode).toBe(200);
    }
    expect((await get('/')).statusCode).toBe(200);
    for (let i = 0; i < 20; i += 1) expect((await get(`${API}/app/version`)).statusCode).toBe(200);
    expect((await get(`${API}/app/version`)).statusCode).toBe(429);
  });
});
