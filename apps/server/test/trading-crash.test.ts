/**
 * Crash in the middle of a settlement (real PostgreSQL only): the server process runs short rounds with
 * a test-only pause inside the settlement transaction; positions are placed over HTTP; the process is
 * SIGKILLed while it is settling; nothing of that settlement survives. A new process on the same
 * database takes over the scheduler, catches the round up and settles it exactly once: each position has
 * exactly its transfers, the escrow is back at zero and the ledger invariant holds.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.ts';
import { type Database, openPostgres } from '../src/platform/db/database.ts';
import { createLogger } from '../src/platform/logger.ts';
import { DEMO, MAIN_TS } from './harness.ts';
import { enrolTwoFactorOverHttp } from './two-factor-over-http.ts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || '';
const REPO_ROOT = path.resolve(path.dirname(MAIN_TS), '../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN_TS], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
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

async function json<T>(url: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function login(api: string, path: string, account: string, password: string): Promise<string> {
  const captcha = await fetch(`${api}/auth/captcha`);
  const { captchaId } = (await captcha.json()) as { captchaId: string };
  const captchaAnswer = captcha.headers.get('x-test-captcha-answer') ?? '';
  const response = await json<{ token: string }>(`${api}${path}`, {
    method: 'POST',
    body: JSON.stringify({ account, password, captchaId, captchaAnswer }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  return response.body.token;
}

describe.runIf(TEST_DATABASE_URL)('a server killed in the middle of a settlement', () => {
  const name = `tradehall_crash_${randomBytes(4).toString('hex')}`;
  const running: Running[] = [];
  let dataDir: string | null = null;
  let database: Database | null = null;

  afterAll(async () => {
    for (const process of running) if (process.child.exitCode === null) process.child.kill('SIGKILL');
    await database?.close();
    await adminQuery(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles the round exactly once after a restart, and the ledger balances', async () => {
    await adminQuery(`create database "${name}"`);
    dataDir = mkdtempSync(path.join(tmpdir(), 'tradehall-crash-'));
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    database = openPostgres(url.toString(), createLogger('silent'));

    const port = await freePort();
    const api = `http://127.0.0.1:${port}/api/v1`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      TRADEHALL_TEST_MODE: 'true',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'info',
      ROUND_SECONDS_OVERRIDE: '4',
      SEALED_SECONDS_OVERRIDE: '1',
      DRAWING_SECONDS_OVERRIDE: '1',
    };
    const first = start({ ...env, TEST_SETTLEMENT_PAUSE_MS: '60000' });
    running.push(first);
    await waitFor('the banner', () => first.output().includes('Tradehall is running'));

    // Fund the demo user through the real deposit flow, then take positions in the normal room.
    const operator = await login(api, '/admin/auth/login', DEMO.operator.account, DEMO.operator.password);
    await enrolTwoFactorOverHttp(api, operator);
    const user = await login(api, '/auth/login', DEMO.user.account, DEMO.user.password);
    const deposit = await json<{ id: string }>(`${api}/deposits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user}` },
      body: JSON.stringify({
        method: 'offline',
        amount: 500_000,
        depositorName: 'Demo',
        idempotencyKey: randomBytes(18).toString('base64url'),
      }),
    });
    expect(deposit.status).toBe(201);
    const approved = await json(`${api}/admin/deposits/${deposit.body.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(approved.status).toBe(200);

    type Room = { tier: string; currentRound: { id: string; status: string; sealsAt: number } | null };
    let roundId = '';
    await waitFor('an open round with time left', async () => {
      const rooms = (await json<{ items: Room[] }>(`${api}/rooms`)).body.items;
      const current = rooms.find((room) => room.tier === 'normal')?.currentRound;
      if (current?.status !== 'open' || current.sealsAt * 1000 - Date.now() < 1_500) return false;
      roundId = current.id;
      return true;
    });
    const positions: string[] = [];
    for (const bet of [
      { category: 'both_sides', type: 'long' },
      { category: 'both_sides', type: 'short' },
      { category: 'both_sides', type: 'single' },
      { category: 'both_sides', type: 'double' },
      { category: 'special_number', number: 13 },
      { category: 'special_number', number: 14 },
    ]) {
      const placed = await json<{ id: string }>(`${api}/rounds/${roundId}/positions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user}` },
        body: JSON.stringify({ bet, amount: 10_000, idempotencyKey: randomBytes(18).toString('base64url') }),
      });
      expect(placed.status).toBe(201);
      positions.push(placed.body.id);
    }

    // Killed while the settlement transaction is open.
    await waitFor(
      'the settlement to start',
      () =>
        first.output().includes(`"roundId":"${roundId}"`) &&
        first.output().includes('test pause inside settlement'),
    );
    first.child.kill('SIGKILL');
    await first.exited;

    const db = database.kysely;
    const round = async () =>
      db
        .selectFrom('rounds')
        .select(['status', 'position_count'])
        .where('id', '=', roundId)
        .executeTakeFirstOrThrow();
    const transfersOf = async () =>
      db
        .selectFrom('ledger_transfers')
        .select(['ref_id', 'idempotency_key', 'code'])
        .where('ref_type', '=', 'position')
        .where('ref_id', 'in', positions)
        .execute();
    // Nothing of the interrupted settlement survived: still drawing, only the stakes in the ledger.
    expect((await round()).status).toBe('drawing');
    expect((await transfersOf()).map((transfer) => transfer.code)).toEqual(positions.map(() => 'stake'));

    const second = start(env);
    running.push(second);
    await waitFor('the banner after restart', () => second.output().includes('Tradehall is running'));
    await waitFor('the round to be settled', async () => (await round()).status === 'settled', 30_000);
    expect((await round()).position_count).toBe(positions.length);

    const transfers = await transfersOf();
    for (const id of positions) {
      const keys = transfers
        .filter((transfer) => transfer.ref_id === id)
        .map((transfer) => transfer.idempotency_key.split(':').at(-1))
        .sort();
      expect([
        ['lost', 'stake'],
        ['return', 'stake', 'win'],
      ]).toContainEqual(keys);
    }
    const audit = await auditLedger(db, new Date());
    expect(audit).toMatchObject({ ok: true, totalOfBalances: 0, mismatches: [], negativeUserBalances: 0 });

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
