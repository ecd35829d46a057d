/**
 * Redis faults on the HTTP side, against a redis-server this suite starts, SIGKILLs and restarts itself:
 *
 * - a server process (main.ts, ROLE=all, embedded database) answers GET /rooms and a login attempt about
 *   as fast with Redis gone as with it up (medians in the same run; no request waits for Redis), stays
 *   up, and counts its rate limits in Redis again once Redis is back;
 * - two app instances sharing one Redis (as two nodes do) keep refusing over the per-IP (global and
 *   auth) and per-account limits while Redis is down, counting per process, going on from the counts
 *   they had, and share their counts again when it returns; a hung Redis (SIGSTOP) costs at most one
 *   command timeout before the limits fall back too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CAPTCHA_HEADER } from '../src/modules/auth/auth.routes.ts';
import { createLogger } from '../src/platform/logger.ts';
import { createRedis } from '../src/platform/redis.ts';
import {
  API,
  captcha,
  createTestApp,
  type ErrorJson,
  MAIN_TS,
  type TestApp,
  uniqueAccount,
} from './harness.ts';
import { eventually } from './realtime-support.ts';
import {
  allReady,
  freePort,
  median,
  noneReady,
  percentile,
  TestRedisServer,
} from './redis-faults-support.ts';

const REPO_ROOT = path.resolve(path.dirname(MAIN_TS), '../../..');
const silent = createLogger('silent');

describe('requests with Redis gone (a server process)', () => {
  let redis: TestRedisServer;
  let observer: Redis;
  let child: ChildProcess;
  let exited: Promise<number | null>;
  let output = '';
  let api = '';
  let dataDir = '';
  /** This run's REDIS_PREFIX: its rate-limit counts are `<prefix>:rate-limit:...`. */
  let prefix = '';

  beforeAll(async () => {
    redis = await TestRedisServer.start();
    observer = new Redis(redis.url, {
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
    });
    observer.on('error', () => undefined);
    dataDir = mkdtempSync(path.join(tmpdir(), 'tradehall-redis-faults-'));
    const port = await freePort();
    prefix = `tradehall-faults-${randomBytes(4).toString('hex')}`;
    child = spawn(process.execPath, ['--import', 'tsx', MAIN_TS], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        REDIS_URL: redis.url,
        REDIS_PREFIX: prefix,
        TRADEHALL_TEST_MODE: 'true',
        LOG_LEVEL: 'warn',
        // Limits out of the way: this measures time, not refusals.
        RATE_LIMIT_PER_MINUTE: '1000000',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        CAPTCHA_RATE_LIMIT_PER_MINUTE: '1000000',
        ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
        FAIRNESS_CHAIN_LENGTH: '200',
        WEB_DIST_DIR: path.join(tmpdir(), 'tradehall-no-web-dist'),
        CONSOLE_DIST_DIR: path.join(tmpdir(), 'tradehall-no-console-dist'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    api = `http://127.0.0.1:${port}${API}`;
    await eventually(
      'the server to start',
      () => {
        if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        return output.includes('Tradehall is running');
      },
      90_000,
    );
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    observer?.disconnect();
    await redis?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  async function timed(url: string, init: RequestInit = {}): Promise<{ ms: number; status: number }> {
    const started = performance.now();
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  }

  /** Durations of GET /rooms and of login attempts (wrong password; the captcha fetched untimed). */
  async function sample(into: { rooms: number[]; login: number[] }, rooms: number, logins: number) {
    for (let i = 0; i < rooms; i += 1) {
      const { ms, status } = await timed(`${api}/rooms`);
      expect(status).toBe(200);
      into.rooms.push(ms);
    }
    for (let i = 0; i < logins; i += 1) {
      const captchaResponse = await fetch(`${api}/auth/captcha`);
      const { captchaId } = (await captchaResponse.json()) as { captchaId: string };
      const captchaAnswer = captchaResponse.headers.get(TEST_CAPTCHA_HEADER) ?? '';
      const { ms, status } = await timed(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          account: uniqueAccount('lat'),
          password: 'wrong-password',
          captchaId,
          captchaAnswer,
        }),
      });
      expect(status).toBe(401);
      into.login.push(ms);
    }
  }

  /** Resolves once the server has written a rate-limit key into the (empty) restarted Redis. */
  async function countingInRedis(): Promise<void> {
    await eventually(
      'the server to count in Redis again',
      async () => {
        expect((await timed(`${api}/rooms`)).status).toBe(200);
        try {
          return (await observer.keys(`${prefix}:rate-limit:*`)).length > 0;
        } catch {
          return false;
        }
      },
      10_000,
    );
  }

  it('answers within 2x of its Redis-up latency while Redis is down, and shares its counts again after', async () => {
    // Warm up (JIT, pools) so the first phase is not the slowest for reasons of its own.
    await sample({ rooms: [], login: [] }, 30, 5);
    await observer.connect();
    const up = { rooms: [] as number[], login: [] as number[] };
    const down = { rooms: [] as number[], login: [] as number[] };
    const backAfter: number[] = [];
    // Alternating short phases, so a burst of load from elsewhere on the machine lands on both sides.
    for (let cycle = 0; cycle < 3; cycle += 1) {
      await sample(up, 20, 4);
      await redis.kill();
      await sample(down, 20, 4);
      expect(child.exitCode).toBeNull();
      await redis.restart();
      const restarted = performance.now();
      await countingInRedis();
      backAfter.push(performance.now() - restarted);
    }
    await sample(up, 20, 4);
    expect(child.exitCode).toBeNull();

    const upRooms = median(up.rooms);
    const upLogin = median(up.login);
    const downRooms = median(down.rooms);
    const downLogin = median(down.login);
    const f = (ms: number) => ms.toFixed(1);
    console.log(
      `redis-faults latency: GET /rooms median ${f(downRooms)} ms with Redis down vs ${f(upRooms)} ms up (ratio ${(downRooms / upRooms).toFixed(2)}, n=${down.rooms.length}/${up.rooms.length}, down p90 ${f(percentile(down.rooms, 90))} max ${f(Math.max(...down.rooms))}); login attempt median ${f(downLogin)} ms down vs ${f(upLogin)} ms up (ratio ${(downLogin / upLogin).toFixed(2)}, n=${down.login.length}/${up.login.length}, down max ${f(Math.max(...down.login))}); counting in Redis again ${backAfter.map((ms) => Math.round(ms)).join('/')} ms after each restart`,
    );
    expect(downRooms).toBeLessThanOrEqual(2 * upRooms);
    expect(downLogin).toBeLessThanOrEqual(2 * upLogin);
    // Nothing near the old behaviour (each request waiting seconds for Redis).
    expect(Math.max(...down.rooms, ...down.login)).toBeLessThan(2_000);
    for (const ms of backAfter) expect(ms).toBeLessThan(5_000);
  }, 90_000);
});

const LIMITS = {
  RATE_LIMIT_PER_MINUTE: '20',
  AUTH_RATE_LIMIT_PER_MINUTE: '3',
  ACCOUNT_RATE_LIMIT_PER_MINUTE: '4',
  CAPTCHA_RATE_LIMIT_PER_MINUTE: '1000',
};
const COMMAND_TIMEOUT_MS = 200;

/** A random private address per check, so counts never leak between checks. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('rate limits with Redis gone (two nodes sharing one Redis)', () => {
  let redis: TestRedisServer;
  let clients: Redis[];
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    redis = await TestRedisServer.start();
    // Each node's own client, made as main.ts makes it.
    clients = [0, 1].map((i) =>
      createRedis(redis.url, silent, `faults-${i}`, { commandTimeoutMs: COMMAND_TIMEOUT_MS }),
    );
    await allReady(clients);
    first = await createTestApp({ driver: 'pglite', env: LIMITS, redis: clients[0] ?? null });
    second = await createTestApp({ driver: 'pglite', env: LIMITS, redis: clients[1] ?? null });
  }, 60_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    for (const client of clients ?? []) client.disconnect();
    redis?.resume();
    await redis?.kill();
  }, 30_000);

  async function loginFrom(t: TestApp, ip: string, account: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      remoteAddress: ip,
      payload: { account, password: 'wrong-password', ...(await captcha(t)) },
    });
    return { status: response.statusCode, code: (JSON.parse(response.body) as ErrorJson).error.code };
  }
  const refused = { status: 429, code: 'RATE_LIMITED' };
  const allowed = { status: 401, code: 'INVALID_CREDENTIALS' };
  const version = (t: TestApp, ip: string) =>
    t.app.inject({ method: 'GET', url: `${API}/app/version`, remoteAddress: ip });

  it('refuses over every limit while Redis is down, per process, and shares the counts again once it is back', async () => {
    // Up: the nodes share their counts.
    const shared = randomIp();
    for (let i = 0; i < 3; i += 1)
      expect(await loginFrom(first, shared, uniqueAccount('up'))).toEqual(allowed);
    expect(await loginFrom(second, shared, uniqueAccount('up'))).toEqual(refused);
    // Two attempts before the outage, on the first node.
    const before = randomIp();
    for (let i = 0; i < 2; i += 1)
      expect(await loginFrom(first, before, uniqueAccount('pre'))).toEqual(allowed);

    await redis.kill();
    await noneReady(clients);

    // The auth limit per IP: the first node goes on from its own two attempts.
    expect(await loginFrom(first, before, uniqueAccount('pre'))).toEqual(allowed);
    expect(await loginFrom(first, before, uniqueAccount('pre'))).toEqual(refused);
    // A fresh IP: three, then refused; on the other node its own count (per process while Redis is gone).
    const ip = randomIp();
    for (let i = 0; i < 3; i += 1) expect(await loginFrom(first, ip, uniqueAccount('down'))).toEqual(allowed);
    expect(await loginFrom(first, ip, uniqueAccount('down'))).toEqual(refused);
    expect(await loginFrom(second, ip, uniqueAccount('down'))).toEqual(allowed);

    // The per-account limit, across IPs.
    const account = uniqueAccount('acct');
    for (let i = 0; i < 4; i += 1) expect(await loginFrom(first, randomIp(), account)).toEqual(allowed);
    expect(await loginFrom(first, randomIp(), account.toUpperCase())).toEqual(refused);

    // The global per-IP limit on every route.
    const browser = randomIp();
    for (let i = 0; i < 20; i += 1) expect((await version(second, browser)).statusCode).toBe(200);
    const limited = await version(second, browser);
    expect(limited.statusCode).toBe(429);
    expect((JSON.parse(limited.body) as ErrorJson).error.code).toBe('RATE_LIMITED');

    // Back: shared again (the restarted Redis starts from zero).
    await redis.restart();
    await allReady(clients);
    const again = randomIp();
    for (let i = 0; i < 3; i += 1)
      expect(await loginFrom(second, again, uniqueAccount('back'))).toEqual(allowed);
    expect(await loginFrom(first, again, uniqueAccount('back'))).toEqual(refused);
    const accountAgain = uniqueAccount('acct');
    for (let i = 0; i < 2; i += 1) expect(await loginFrom(first, randomIp(), accountAgain)).toEqual(allowed);
    for (let i = 0; i < 2; i += 1) expect(await loginFrom(second, randomIp(), accountAgain)).toEqual(allowed);
    expect(await loginFrom(first, randomIp(), accountAgain)).toEqual(refused);
  }, 60_000);

  it('falls back within one command timeout when Redis hangs, and still refuses over the limit', async () => {
    await allReady(clients);
    redis.pause();
    try {
      const ip = randomIp();
      const durations: number[] = [];
      const results: Array<{ status: number; code: string }> = [];
      for (let i = 0; i < 4; i += 1) {
        const started = performance.now();
        results.push(await loginFrom(first, ip, uniqueAccount('hung')));
        durations.push(performance.now() - started);
      }
      expect(results).toEqual([allowed, allowed, allowed, refused]);
      // The first attempt may wait one command timeout (plus the slack of a shared machine); the rest
      // do not wait for Redis at all.
      expect(durations[0]).toBeLessThan(COMMAND_TIMEOUT_MS + 1_500);
      const account = uniqueAccount('hung');
      for (let i = 0; i < 4; i += 1) expect(await loginFrom(first, randomIp(), account)).toEqual(allowed);
      expect(await loginFrom(first, randomIp(), account)).toEqual(refused);
    } finally {
      redis.resume();
    }
    await allReady(clients);
  }, 60_000);
});
