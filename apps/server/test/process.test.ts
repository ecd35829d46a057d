/**
 * The real process (node --import tsx src/main.ts): configuration errors, the start-up banner, the
 * data-dir lock against a second process, persistence across restarts, graceful shutdown on SIGTERM
 * with an in-flight request, and the same build on PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, MAIN_TS } from './harness.ts';

const REPO_ROOT = path.resolve(path.dirname(MAIN_TS), '../../..');

interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** A clean environment: nothing from the developer's shell decides where the server writes. */
function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn' };
  return { ...env, ...extra };
}

function start(extra: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN_TS], {
    cwd: REPO_ROOT,
    env: serverEnv(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function waitForBanner(running: Running, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!running.stdout().includes('Tradehall is running')) {
    if (running.child.exitCode !== null) {
      throw new Error(`server exited ${running.child.exitCode}: ${running.stderr()} ${running.stdout()}`);
    }
    if (Date.now() > deadline) throw new Error(`no banner within ${timeoutMs} ms: ${running.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function loginOver(base: string, account: string, password: string) {
  const captcha = await fetch(`${base}/api/v1/auth/captcha`);
  const { captchaId } = (await captcha.json()) as { captchaId: string };
  const captchaAnswer = captcha.headers.get('x-test-captcha-answer') ?? '';
  return getJson(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password, captchaId, captchaAnswer }),
  });
}

async function operatorLoginOver(base: string, account: string, password: string) {
  const captcha = await fetch(`${base}/api/v1/auth/captcha`);
  const { captchaId } = (await captcha.json()) as { captchaId: string };
  const captchaAnswer = captcha.headers.get('x-test-captcha-answer') ?? '';
  return getJson(`${base}/api/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password, captchaId, captchaAnswer }),
  });
}

/**
 * Starts a register request whose body is held back: the request is in flight (connection accepted,
 * headers read) until `finish` sends the rest.
 */
function slowRegister(port: number, account: string) {
  const body = JSON.stringify({
    account,
    password: 'secret123',
    confirmPassword: 'secret123',
    invitationCode: DEMO.user.invitationCode,
  });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/auth/register',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return {
    response,
    finish: () => request.end(body.slice(half)),
  };
}

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

// Each test starts the real process (transpiling the server at start) once or twice, and waits up to
// 60 s for each banner: on two cores busy with the other suites a start took 20-30 s, over the
// project's 30 s test timeout, so a slow machine failed the test rather than a slow server.
describe('the server process', { timeout: 180_000 }, () => {
  it('refuses a bad configuration value with one line naming it, and exit code 1', async () => {
    const running = start({ PORT: 'abc' });
    expect(await running.exited).toBe(1);
    expect(running.stderr()).toBe('Invalid configuration: PORT must be an integer 1-65535 (got "abc")\n');
    expect(running.stdout()).toBe('');
  });

  it('starts on the embedded database, guards its data dir, persists, and shuts down gracefully', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tradehall-proc-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TRADEHALL_TEST_MODE: 'true',
      DEMO_MODE: 'true',
    };
    const lockPath = path.join(dataDir, '.tradehall.lock');

    const server = start(env);
    await waitForBanner(server);
    const banner = server.stdout();
    for (const text of [
      `http://127.0.0.1:${port}/`,
      `http://127.0.0.1:${port}/console/`,
      `http://127.0.0.1:${port}/api/docs`,
      `${DEMO.user.account} / ${DEMO.user.password}`,
      DEMO.user.invitationCode,
      `${DEMO.operator.account} / ${DEMO.operator.password}`,
      'Card payments:    sandbox - TEST PAYMENTS, no real money moves, random webhook secret',
    ]) {
      expect(banner).toContain(text);
    }
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(server.child.pid));
    expect((await getJson(`${base}/api/v1/health`)).body).toMatchObject({
      status: 'ok',
      database: { ok: true, driver: 'pglite' },
    });

    // A second process on the same data directory stops with a clear message.
    const second = start({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.stderr().trim()).toBe(
      `Data directory ${dataDir} is in use by another Tradehall process (pid ${server.child.pid}). ` +
        'Stop that process, or set DATA_DIR to another directory.',
    );
    expect(existsSync(lockPath)).toBe(true);

    // SIGTERM while a request is in flight: that request still completes, then the process exits 0.
    const account = `proc_${randomBytes(3).toString('hex')}`;
    const inFlight = slowRegister(port, account);
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    inFlight.finish();
    const finished = await inFlight.response;
    expect(finished.status).toBe(201);
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('Tradehall stopped.');
    expect(existsSync(lockPath)).toBe(false);

    // Restart on the same directory: migrations are already applied, data persisted, no re-seed.
    const again = start(env);
    await waitForBanner(again);
    const loggedIn = await loginOver(base, account, 'secret123');
    expect(loggedIn.status).toBe(200);
    expect((await loginOver(base, DEMO.user.account, DEMO.user.password)).status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    expect(existsSync(lockPath)).toBe(false);
  });

  it('outside the demo: no published login, no card gateway, and a gateway without a secret refuses to start', async () => {
    const refused = start({ PAYMENT_PROVIDER: 'sandbox', DATA_DIR: path.join(tmpdir(), 'tradehall-never') });
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toBe(
      'Invalid configuration: PAYMENT_PROVIDER=sandbox needs PAYMENT_WEBHOOK_SECRET (16+ random characters shared with the gateway)\n',
    );

    const dataDir = mkdtempSync(path.join(tmpdir(), 'tradehall-prod-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, TRADEHALL_TEST_MODE: 'true' };
    const server = start(env);
    await waitForBanner(server);
    const banner = server.stdout();
    expect(banner).toContain('Card payments:    off (no PAYMENT_PROVIDER)');
    expect(banner).not.toContain(DEMO.operator.password);
    expect(banner).not.toContain(DEMO.user.invitationCode);
    const operatorPassword = /Operator: +admin \/ (\S+) +\(console login; shown this once\)/.exec(
      banner,
    )?.[1];
    const invitationCode = /Invitation code: +([A-Z2-9]{8}) +\(for the first users\)/.exec(banner)?.[1];
    expect(operatorPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(invitationCode).toBeDefined();

    // The published logins open nothing; the printed operator password does.
    expect((await loginOver(base, DEMO.user.account, DEMO.user.password)).status).toBe(401);
    expect((await operatorLoginOver(base, DEMO.operator.account, DEMO.operator.password)).status).toBe(401);
    expect((await operatorLoginOver(base, 'admin', operatorPassword ?? '')).status).toBe(200);

    // A user registered with the printed code sees card payment off, and cannot open a card deposit.
    const account = `prod_${randomBytes(3).toString('hex')}`;
    const registered = await getJson(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account,
        password: 'secret123',
        confirmPassword: 'secret123',
        invitationCode,
      }),
    });
    expect(registered.status).toBe(201);
    const token = String((await loginOver(base, account, 'secret123')).body.token);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    expect((await getJson(`${base}/api/v1/funding/methods`, { headers: auth })).body).toMatchObject({
      cardPayment: { available: false, provider: 'none', testPayments: false },
    });
    const card = await getJson(`${base}/api/v1/deposits`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        method: 'card',
        amount: 100_000,
        idempotencyKey: randomBytes(8).toString('hex'),
      }),
    });
    expect(card.body).toMatchObject({ error: { code: 'CARD_PAYMENT_UNAVAILABLE' } });
    // No webhook to sign and no hosted page to "pay" on.
    const webhook = await fetch(`${base}/api/v1/payments/sandbox/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(webhook.status).toBe(404);

    // The password was shown once: a restart on the same data names none.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const again = start(env);
    await waitForBanner(again);
    expect(again.stdout()).not.toContain(operatorPassword);
    expect(again.stdout()).not.toMatch(/Operator:/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
  if (databaseUrl) {
    it('runs the same build on PostgreSQL with DATABASE_URL', async () => {
      const name = `tradehall_proc_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tradehall-proc-pg-'));
      dataDirs.push(dataDir);
      try {
        const port = await freePort();
        const server = start({
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          TRADEHALL_TEST_MODE: 'true',
          DEMO_MODE: 'true',
        });
        await waitForBanner(server);
        expect(server.stdout()).toContain(`PostgreSQL at ${url.hostname}:${url.port || '5432'}/${name}`);
        expect((await getJson(`http://127.0.0.1:${port}/api/v1/health`)).body).toMatchObject({
          database: { ok: true, driver: 'postgres' },
        });
        expect(
          (await loginOver(`http://127.0.0.1:${port}`, DEMO.user.account, DEMO.user.password)).status,
        ).toBe(200);
        // No embedded database, so no lock file either.
        expect(existsSync(path.join(dataDir, '.tradehall.lock'))).toBe(false);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    });
  }
});
