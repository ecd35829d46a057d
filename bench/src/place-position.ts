/**
 * Placing a position over HTTP (DESIGN §9): the real server (node apps/server/src/main.ts) on 127.0.0.1
 * with a fresh PostgreSQL database, N signed-in users with funded balances, and autocannon posting
 * positions (authentication, validation, idempotency, ledger transfer, position) into the normal room's
 * open round for ~10 s. Then `pgbench -n -N` (after `pgbench -i` on a scratch database) against the same
 * PostgreSQL for ~10 s. Bars: positions/s at least 0.5x pgbench's TPS, p99 under 50 ms.
 * Run: `npm run bench:place-position` with DATABASE_URL or TEST_DATABASE_URL set. Loopback only.
 * BENCH_CONNECTIONS (default 32) sets the concurrency of both autocannon and pgbench; BENCH_NODE_ARGS
 * passes flags to the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const baseUrl = process.env.DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim();
if (!baseUrl) {
  console.error(
    'Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (scratch databases are made there).',
  );
  process.exit(1);
}

const USERS = 40;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = 10;
/** pgbench runs with as many clients as autocannon has connections: the same concurrency. */
const PGBENCH_CLIENTS = CONNECTIONS;
const STAKE = 100;
const FUNDS = 1_000_000;
const repoRoot = resolve(import.meta.dirname, '../..');

function databaseUrl(name: string): string {
  const url = new URL(baseUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
  const body = (await response.json()) as T;
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function login(api: string, path: string, account: string, password: string): Promise<string> {
  const captcha = await fetch(`${api}/auth/captcha`);
  const { captchaId } = (await captcha.json()) as { captchaId: string };
  const captchaAnswer = captcha.headers.get('x-test-captcha-answer') ?? '';
  const body = await json<{ token: string }>(`${api}${path}`, {
    method: 'POST',
    body: JSON.stringify({ account, password, captchaId, captchaAnswer }),
  });
  return body.token;
}

const key = () => randomBytes(18).toString('base64url');

const serverDb = `tradehall_bench_place_${randomBytes(4).toString('hex')}`;
const pgbenchDb = `tradehall_bench_pgbench_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'tradehall-bench-place-'));
let server: ChildProcess | null = null;
await admin(`create database "${serverDb}"`);
await admin(`create database "${pgbenchDb}"`);

try {
  const port = await freePort();
  const api = `http://127.0.0.1:${port}/api/v1`;
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl(serverDb),
      DATA_DIR: dataDir,
      // Test mode only for the captcha answer header the sign-ins below need.
      TRADEHALL_TEST_MODE: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      CAPTCHA_RATE_LIMIT_PER_MINUTE: '100000',
      ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
      // One long open round, so the run never meets a seal.
      ROUND_SECONDS_OVERRIDE: '900',
      SEALED_SECONDS_OVERRIDE: '10',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${api}/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (attempt > 1200) throw new Error('server did not become healthy within 60 s');
    await new Promise((wait) => setTimeout(wait, 50));
  }

  // Users: registered, signed in and funded through the real deposit flow.
  const operator = await login(api, '/admin/auth/login', 'admin', 'admin12345');
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const account = `bench${i}_${randomBytes(2).toString('hex')}`;
    await json(`${api}/auth/register`, {
      method: 'POST',
      body: JSON.stringify({
        account,
        password: 'secret123',
        confirmPassword: 'secret123',
        invitationCode: 'DEMO2026',
      }),
    });
    const token = await login(api, '/auth/login', account, 'secret123');
    const deposit = await json<{ id: string }>(`${api}/deposits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({
        method: 'offline',
        amount: FUNDS,
        depositorName: 'Bench',
        idempotencyKey: key(),
      }),
    });
    await json(`${api}/admin/deposits/${deposit.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}` },
    });
    tokens.push(token);
  }
  type Room = { tier: string; currentRound: { id: string; status: string } | null };
  let roundId = '';
  for (let attempt = 0; attempt < 200 && !roundId; attempt++) {
    const rooms = await json<{ items: Room[] }>(`${api}/rooms`);
    const current = rooms.items.find((room) => room.tier === 'normal')?.currentRound;
    if (current?.status === 'open') roundId = current.id;
    else await new Promise((wait) => setTimeout(wait, 100));
  }
  if (!roundId) throw new Error('no open round in the normal room');

  const bets = [
    { category: 'both_sides', type: 'long' },
    { category: 'both_sides', type: 'short' },
    { category: 'both_sides', type: 'single' },
    { category: 'special_number', number: 13 },
  ];
  let sent = 0;
  const placing = () =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: `/api/v1/rounds/${roundId}/positions`,
          setupRequest: (request) => {
            sent += 1;
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${tokens[sent % tokens.length]}`,
              },
              body: JSON.stringify({ bet: bets[sent % bets.length], amount: STAKE, idempotencyKey: key() }),
            };
          },
        },
      ],
    });
  // A short warm-up (JIT, connection pool, caches), then the measured run.
  await autocannon({ url: `http://127.0.0.1:${port}/api/v1/health`, connections: 4, duration: 2 });
  const result = await placing();
  const accepted = result['2xx'];
  const positionsPerSecond = accepted / result.duration;
  const p99 = result.latency.p99;

  server.kill('SIGTERM');
  await new Promise((done) => server?.once('exit', done));
  server = null;

  // pgbench -N on the same PostgreSQL, same machine, same run.
  const url = new URL(databaseUrl(pgbenchDb));
  const pgEnv = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
  };
  execFileSync('pgbench', ['-i', '-q', '-s', '10', pgbenchDb], { env: pgEnv, stdio: 'ignore' });
  const output = execFileSync(
    'pgbench',
    ['-n', '-N', '-c', String(PGBENCH_CLIENTS), '-j', '2', '-T', String(SECONDS), pgbenchDb],
    { env: pgEnv, encoding: 'utf8' },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? Number.NaN);
  const ratio = positionsPerSecond / tps;

  console.log(
    `place a position over HTTP: ${positionsPerSecond.toFixed(0)} positions/s ` +
      `(${accepted} accepted, ${result.non2xx} refused, ${result.errors} errors; ${CONNECTIONS} connections, ${USERS} users, ${SECONDS} s)`,
  );
  console.log(`  p99 latency: ${p99.toFixed(1)} ms (bar < 50 ms) ${p99 < 50 ? 'PASS' : 'FAIL'}`);
  console.log(`pgbench -N (${PGBENCH_CLIENTS} clients, ${SECONDS} s): ${tps.toFixed(0)} TPS`);
  console.log(`  ratio: ${ratio.toFixed(2)}x pgbench (bar >= 0.5x) ${ratio >= 0.5 ? 'PASS' : 'FAIL'}`);
  if (result.non2xx > 0 || result.errors > 0) console.log('  WARNING: some requests were not accepted');
} finally {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((done) => server?.once('exit', done));
  }
  await admin(`drop database if exists "${serverDb}" with (force)`);
  await admin(`drop database if exists "${pgbenchDb}" with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
