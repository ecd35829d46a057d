/**
 * The daily referral payment survives a crash and a second node (real PostgreSQL only): a server process
 * pays a day in chunks with a test-only pause inside each chunk's transaction and is SIGKILLed while the
 * second chunk is open — the first chunk stays paid, nothing of the second survives. Two new processes
 * on the same database (two schedulers) then pay the rest concurrently: every referrer is paid exactly
 * once per level, the day is marked paid, and the ledger balances.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, businessDay } from '@tradehall/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.ts';
import { type Database, openPostgres } from '../src/platform/db/database.ts';
import { createLogger } from '../src/platform/logger.ts';
import { MAIN_TS } from './harness.ts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || '';
const REPO_ROOT = path.resolve(path.dirname(MAIN_TS), '../../..');
const REFERRERS = 20;
const CHUNK = 5;
/** 10^9 edge units are $100 of expected edge (10^5 units a cent); at 25 % that is $25 per referrer. */
const EDGE_UNITS = 1_000_000_000;
const REWARD = 2_500;
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

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 90_000) {
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

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe.runIf(TEST_DATABASE_URL)('a referral payment killed mid-way, then run by two nodes', () => {
  const name = `tradehall_refcrash_${randomBytes(4).toString('hex')}`;
  const running: Running[] = [];
  const dataDirs: string[] = [];
  let database: Database | null = null;

  afterAll(async () => {
    for (const process of running) if (process.child.exitCode === null) process.child.kill('SIGKILL');
    await database?.close();
    await adminQuery(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  async function node(extra: Record<string, string>): Promise<Running> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tradehall-refcrash-'));
    dataDirs.push(dataDir);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const process = start({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      TRADEHALL_TEST_MODE: 'true',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'info',
      REFERRAL_PAY_CHUNK: String(CHUNK),
      REFERRAL_PAY_CHECK_MS: '200',
      ...extra,
    });
    running.push(process);
    return process;
  }

  it('pays every referrer exactly once', async () => {
    await adminQuery(`create database "${name}"`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    database = openPostgres(url.toString(), createLogger('silent'));
    const db = database.kysely;

    const first = await node({ TEST_REFERRAL_PAY_PAUSE_MS: '1500' });
    await waitFor('the banner', () => first.output().includes('Tradehall is running'));

    // Yesterday's figures for REFERRERS referrers, written at once (the pay loop may look at any time).
    const yesterday = addDays(businessDay(new Date()), -1);
    const ids = Array.from({ length: REFERRERS }, () => randomUUID());
    await db.transaction().execute(async (trx) => {
      await sql`insert into referral_programmes (effective_from, mode, level1_rate_bps, level2_rate_bps,
          daily_cap, changed_at)
        values ('2000-01-01', 'two_levels', 2500, 500, 1000000, now())`.execute(trx);
      for (const id of ids) {
        await sql`insert into users (id, username, password_hash, nickname, invitation_code, created_at, updated_at)
          values (${id}, ${`r${id.slice(0, 12)}`}, 'x', 'r', ${id.slice(0, 8).toUpperCase()}, now(), now())`.execute(
          trx,
        );
        await sql`insert into ledger_accounts (kind, user_id) values ('user_cash', ${id})`.execute(trx);
        await sql`insert into referral_accruals (day, referrer_id, level, turnover, edge_units, invitees)
          values (${yesterday}, ${id}, 1, 100000, ${EDGE_UNITS}, 1)`.execute(trx);
      }
    });

    const paused = 'test pause inside a referral payment';
    await waitFor('the second chunk to be open', () => occurrences(first.output(), paused) >= 2);
    first.child.kill('SIGKILL');
    await first.exited;

    const rewards = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from referral_rewards`.execute(db)).rows[0]?.n;
    const transfers = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from ledger_transfers where code = 'referral'`.execute(db)
      ).rows[0]?.n;
    // The first chunk committed; nothing of the second survived.
    expect(await rewards()).toBe(CHUNK);
    expect(await transfers()).toBe(CHUNK);

    // Two nodes, two schedulers, at once.
    const second = await node({});
    const third = await node({});
    await waitFor(
      'both nodes',
      () =>
        second.output().includes('Tradehall is running') && third.output().includes('Tradehall is running'),
    );
    await waitFor('the day to be paid', async () => {
      const row = await sql<{
        n: number;
      }>`select count(*)::int as n from referral_pay_days where day = ${yesterday}`.execute(db);
      return row.rows[0]?.n === 1;
    });
    expect(await rewards()).toBe(REFERRERS);
    expect(await transfers()).toBe(REFERRERS);
    const balances = await db
      .selectFrom('ledger_accounts')
      .select(['user_id', 'balance'])
      .where('user_id', 'in', ids)
      .execute();
    expect(balances.map((row) => row.balance)).toEqual(ids.map(() => REWARD));
    const audit = await auditLedger(db, new Date());
    expect(audit).toMatchObject({ ok: true, totalOfBalances: 0, mismatches: [], negativeUserBalances: 0 });

    for (const process of [second, third]) process.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await third.exited).toBe(0);
  }, 300_000);
});
