/**
 * bench:reads (DESIGN §9 reads): /health, /me and /rooms measured from outside, as issue 26 measured them
 * and as a client meets the product: the server started like production (`npm run start:server`, the
 * built server under plain node, on PostgreSQL, rate limits raised through the environment), load from
 * autocannon with 50 connections in a process of its own (load-slice.ts; /me with one signed-in user
 * per connection, as 50 phones each on their own connection), in 10 s slices alternating with a bare
 * node:http server (a process of its own too, bare-http-floor.ts) answering the same bytes with the same
 * status and headers, 3 repetitions. Then the same with 100,000 positions in the open round and 20,000 transfers on
 * each reader, which must stay within 0.9x of the empty case. The ratio checked is the median over the
 * slice pairs (ours, then the floor's right after), so one slice hit by a neighbour's burst does not
 * decide it; beside it, each process's CPU time per answer (/proc), which a busy machine moves much less
 * than req/s. Decision 0034 says why the load generator must not share a process with the bench.
 *
 * The seed goes straight into the database but keeps the ledger balanced: every position has its stake
 * transfer (user cash -> stakes_escrow) and the debit of the user's balance and turnover; each reader's
 * 20,000 transfers are deposits from deposits_clearing credited to the balance and turnover.
 *
 * Run: `npm run bench:reads` with DATABASE_URL or TEST_DATABASE_URL set (default
 * postgres://postgres@127.0.0.1:5432/test). A scratch database is made and dropped. Loopback only.
 * BENCH_CONNECTIONS, BENCH_SLICES and BENCH_SLICE_SECONDS change the method (for a quick look only).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillPath } from '@tradehall/contracts';
import { accountEndpoints, appEndpoints, authEndpoints, roomEndpoints } from '@tradehall/contracts/endpoints';
import { type CapturedAnswer, startBareFloor } from './bare-http-floor.ts';
import { startBenchServer } from './bench-server.ts';
import { apiClient, login, openRound } from './http-helpers.ts';
import type { LoadSlice } from './load-slice.ts';
import { basePostgresUrl as baseUrl, databaseUrl, withClient } from './pg-scratch.ts';
import { watchSettlement } from './room-watchers.ts';
import { seedPositions } from './seed-positions.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SLICES = Number(process.env.BENCH_SLICES ?? 3);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
/** The load generator, run by node in a process of its own (autocannon, one header set per connection). */
const LOAD_SLICE = fileURLToPath(new URL('./load-slice.ts', import.meta.url));
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 20_000);
const SEED_USERS = 1_000;
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 10_000);
const WATCH_POSITIONS = Number(process.env.BENCH_WATCH_POSITIONS ?? 10_000);
/** DESIGN §9: one round event reaches 10,000 clients with p99 under 150 ms. */
const WATCH_BAR_MS = 150;
const BARS = { health: 0.5, rooms: 0.3, me: 0.15 } as const;
type Endpoint = keyof typeof BARS;
const PATHS: Record<Endpoint, string> = {
  health: `/api/v1${appEndpoints.health.path}`,
  me: `/api/v1${accountEndpoints.me.path}`,
  rooms: `/api/v1${fillPath(roomEndpoints.list.path, undefined)}`,
};
/** BENCH_ONLY=health,me measures only those (to profile one path at a time). */
const ONLY = process.env.BENCH_ONLY?.split(',') ?? null;
const ENDPOINTS = (Object.keys(PATHS) as Endpoint[]).filter((e) => !ONLY || ONLY.includes(e));

interface Slice {
  requests: number;
  seconds: number;
  /** autocannon's p99 latency of the slice, ms. */
  p99: number;
  /** CPU time the answering process spent in the slice (user + system), ms; NaN where unreadable. */
  cpuMs: number;
}

/** A process's CPU time so far (user + system, ms), from /proc on Linux; NaN elsewhere. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

interface Target {
  port: number;
  pid: number;
}

/** What autocannon --json prints (the fields read here). */
interface AutocannonResult {
  requests: { total: number };
  duration: number;
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * One slice: autocannon with CONNECTIONS connections for `seconds`, as a process of its own
 * (load-slice.ts); connection k sends header set k (modulo their number).
 */
async function slice(
  target: Target,
  path: string,
  headerSets: Record<string, string>[],
  seconds = SLICE_SECONDS,
): Promise<Slice> {
  const spec: LoadSlice = {
    url: `http://127.0.0.1:${target.port}${path}`,
    connections: CONNECTIONS,
    seconds,
    headerSets,
  };
  const cpuBefore = cpuMsOf(target.pid);
  const child = spawn(process.execPath, ['--import', 'tsx', LOAD_SLICE, JSON.stringify(spec)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  const cpuMs = cpuMsOf(target.pid) - cpuBefore;
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  const result = JSON.parse(output) as AutocannonResult;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${path}: ${failed} answers were not 2xx (or failed)`);
  return { requests: result.requests.total, seconds: result.duration, p99: result.latency.p99, cpuMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Headers node:http writes itself (or that describe this one connection), left to the floor's own. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

async function capture(port: number, path: string, headers: Record<string, string>): Promise<CapturedAnswer> {
  // identity: the floor replays the body as sent, and fetch would hand back a decompressed one.
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: { ...headers, 'accept-encoding': 'identity' },
  });
  const replayed: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) replayed[name] = value;
  });
  return {
    status: response.status,
    headers: replayed,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

interface Figure {
  rps: number;
  /** The median of the slices' p99 latencies, ms. */
  p99: number;
  bareRps: number;
  bareP99: number;
  /**
   * The median over the slice pairs (ours, then the floor's right after) of ours / the floor's req/s:
   * a neighbour's burst that lands on one slice moves one pair, not the figure.
   */
  ratio: number;
  /** CPU time per answer, µs: the server's process and the floor's (what the pipeline costs). */
  cpuUs: number;
  bareCpuUs: number;
}

/**
 * /me is read by as many signed-in users as there are connections (each connection one user's app);
 * the floor answers the first user's bytes to all of them.
 */
async function measure(server: Target, tokens: string[]): Promise<Record<Endpoint, Figure>> {
  const signedIn = tokens.map((token) => ({ authorization: `Bearer ${token}` }));
  const headersFor = (endpoint: Endpoint) => (endpoint === 'me' ? signedIn : [{}]);
  const answers = new Map<string, CapturedAnswer>();
  for (const endpoint of Object.keys(PATHS) as Endpoint[]) {
    const [first = {}] = headersFor(endpoint);
    answers.set(PATHS[endpoint], await capture(server.port, PATHS[endpoint], first));
  }
  const bare = await startBareFloor(answers);
  const figures = {} as Record<Endpoint, Figure>;
  try {
    for (const endpoint of ENDPOINTS) {
      const path = PATHS[endpoint];
      // A short warm-up of both (the JIT, the caches), then alternating slices.
      await slice(server, path, headersFor(endpoint), WARM_UP_SECONDS);
      await slice(bare, path, headersFor(endpoint), WARM_UP_SECONDS);
      const ours: Slice[] = [];
      const floor: Slice[] = [];
      for (let i = 0; i < SLICES; i++) {
        ours.push(await slice(server, path, headersFor(endpoint)));
        floor.push(await slice(bare, path, headersFor(endpoint)));
      }
      const rate = (slices: Slice[]) =>
        slices.reduce((sum, s) => sum + s.requests, 0) / slices.reduce((sum, s) => sum + s.seconds, 0);
      const cpuUs = (slices: Slice[]) =>
        (1000 * slices.reduce((sum, s) => sum + s.cpuMs, 0)) / slices.reduce((sum, s) => sum + s.requests, 0);
      figures[endpoint] = {
        rps: rate(ours),
        p99: median(ours.map((s) => s.p99)),
        bareRps: rate(floor),
        bareP99: median(floor.map((s) => s.p99)),
        ratio: median(ours.map((s, i) => rate([s]) / rate(floor.slice(i, i + 1)))),
        cpuUs: cpuUs(ours),
        bareCpuUs: cpuUs(floor),
      };
    }
  } finally {
    await bare.stop();
  }
  return figures;
}

function print(title: string, figures: Record<Endpoint, Figure>, empty?: Record<Endpoint, Figure>): void {
  console.log(`\n${title}`);
  for (const endpoint of ENDPOINTS) {
    const f = figures[endpoint];
    const ratio = f.ratio;
    let line =
      `  ${PATHS[endpoint].padEnd(16)} ${f.rps.toFixed(0).padStart(6)} req/s p99 ${f.p99.toFixed(1)} ms` +
      `  | bare node:http ${f.bareRps.toFixed(0).padStart(6)} req/s p99 ${f.bareP99.toFixed(1)} ms` +
      `  | ${ratio.toFixed(2)}x (bar ${BARS[endpoint]}x) ${ratio >= BARS[endpoint] ? 'ok' : 'BELOW'}` +
      `  | CPU per answer ${f.cpuUs.toFixed(0)} vs ${f.bareCpuUs.toFixed(0)} µs` +
      ` (${(f.bareCpuUs / f.cpuUs).toFixed(2)}x)`;
    if (empty) {
      const base = empty[endpoint];
      const self = ratio / base.ratio;
      line +=
        `  | ${self.toFixed(2)}x of empty (bar 0.9x) ${self >= 0.9 ? 'ok' : 'BELOW'}` +
        `, by CPU per answer ${(base.cpuUs / f.cpuUs).toFixed(2)}x`;
    }
    console.log(line);
  }
}

async function seed(url: string, userIds: string[], roundId: string): Promise<void> {
  await withClient(url, async (client) => {
    await client.query('begin');
    await seedPositions(client, roundId, POSITIONS, SEED_USERS);
    // Each reader's history: deposits credited from the clearing account.
    await client.query(
      `insert into ledger_transfers (debit_account_id, credit_account_id, amount, code, ref_type, ref_id,
         idempotency_key, created_at)
       select c.id, a.id, 100, 'deposit', 'bench', i::text, 'bench:deposit:' || a.id || ':' || i,
         now() - i * interval '1 minute'
       from generate_series(1, $2) i
       cross join (select id from ledger_accounts where kind = 'deposits_clearing') c
       cross join (select id from ledger_accounts where user_id = any($1::uuid[])) a`,
      [userIds, TRANSFERS],
    );
    await client.query(
      `update ledger_accounts set balance = balance + $2::bigint * 100, total_deposited = total_deposited + $2::bigint * 100
       where user_id = any($1::uuid[])`,
      [userIds, TRANSFERS],
    );
    await client.query('commit');
    // The million rows just written would otherwise be vacuumed and checkpointed by PostgreSQL's
    // background workers during the measurement: their CPU and I/O, not the reads', would set the figure.
    await client.query('vacuum analyze');
    await client.query('checkpoint');
  });
}

const serverDb = `bench_reads_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'tradehall-bench-reads-'));
let server: ChildProcess | null = null;
await withClient(baseUrl, (client) => client.query(`create database "${serverDb}"`));
try {
  const launched = await startBenchServer({
    databaseUrl: databaseUrl(serverDb),
    dataDir,
    // One long open round, so the run never meets a seal.
    env: {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      ROUND_SECONDS_OVERRIDE: '3600',
      SEALED_SECONDS_OVERRIDE: '10',
    },
  });
  server = launched.child;
  const { port, api } = launched;
  // One signed-in user per connection, as many phones each polling My account on their own connection.
  const readers: { token: string; id: string }[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const account = `reader${i}_${randomBytes(3).toString('hex')}`;
    await apiClient(api).call(authEndpoints.register, {
      body: { account, password: 'secret123', confirmPassword: 'secret123', invitationCode: 'DEMO2026' },
    });
    const token = await login(api, authEndpoints.login, account, 'secret123');
    const me = await apiClient(api, token).call(accountEndpoints.me);
    readers.push({ token, id: me.id });
  }
  const tokens = readers.map((reader) => reader.token);
  const roundId = await openRound(api);

  console.log(
    `bench:reads — autocannon -c ${CONNECTIONS} in its own process, ${SLICES} alternating slices of ` +
      `${SLICE_SECONDS} s per side against the built server on PostgreSQL; load average ` +
      `${loadavg()[0]?.toFixed(1)} before (a shared machine: the ratios move with the neighbours)`,
  );
  const target = { port, pid: launched.child.pid ?? 0 };
  const empty = await measure(target, tokens);
  print(`Empty database (${CONNECTIONS} users, rooms with no positions):`, empty);

  const started = Date.now();
  await seed(
    databaseUrl(serverDb),
    readers.map((reader) => reader.id),
    roundId,
  );
  console.log(
    `\nSeeded ${POSITIONS.toLocaleString('en')} positions in the open round (${SEED_USERS} users) and ` +
      `${TRANSFERS.toLocaleString('en')} transfers on each reader in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  // The shared room list is read again within its 500 ms.
  await new Promise((wait) => setTimeout(wait, 600));
  const rooms = await apiClient(api).call(roomEndpoints.list);
  console.log(
    `  the normal room's round now shows ${rooms.items.find((r) => r.tier === 'normal')?.currentRound?.userCount} users`,
  );
  const full = await measure(target, tokens);
  print('With 100,000 positions in the open round and 20,000 transfers on each reader:', full, empty);
} finally {
  server?.kill('SIGTERM');
  await new Promise((wait) => setTimeout(wait, 500));
  await withClient(baseUrl, (client) => client.query(`drop database if exists "${serverDb}" with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
}

if (!ONLY || ONLY.includes('watchers')) {
  console.log(
    `\n${WATCHERS.toLocaleString('en')} WebSocket watchers of the normal room through the settlement of ` +
      `${WATCH_POSITIONS.toLocaleString('en')} positions (a server of its own with 30 s rounds):`,
  );
  const watched = await watchSettlement(WATCHERS, WATCH_POSITIONS);
  console.log(
    `  round.settled reached every watcher p50 ${watched.p50Ms} ms, p99 ${watched.p99Ms} ms, ` +
      `max ${watched.maxMs} ms after the settling transaction began (the settlement included)`,
  );
  console.log(
    `  the broadcast alone (first watcher's frame to the others'): p99 ${watched.spreadP99Ms} ms ` +
      `(bar ${WATCH_BAR_MS} ms) ${watched.spreadP99Ms <= WATCH_BAR_MS ? 'ok' : 'ABOVE'}`,
  );
  const answered = watched.serverRequests;
  console.log(
    `  the server answered ${answered.length} HTTP requests in the 3 s after the settlement, from the ` +
      `${WATCHERS.toLocaleString('en')} watchers and the page together (its own access log; target 0) ` +
      `${answered.length === 0 ? 'ok' : 'ABOVE'}` +
      answered.map((what) => `\n    ${what}`).join(''),
  );
  if (watched.pageRequests === null) {
    console.log('  the app is not built (npm run build): its requests after the settlement were not counted');
  } else {
    console.log(
      `  the app's round page (signed in, with a position in the round) made ${watched.pageRequests.length} ` +
        `HTTP requests in the 3 s after (target 0) ${watched.pageRequests.length === 0 ? 'ok' : 'ABOVE'}` +
        watched.pageRequests.map((url) => `\n    ${url}`).join(''),
    );
  }
}
