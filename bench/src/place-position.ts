/**
 * Placing a position over HTTP (DESIGN §9): the real server (node apps/server/src/main.ts) on 127.0.0.1
 * with a fresh PostgreSQL database, N signed-in users with funded balances, and autocannon posting
 * positions (authentication, validation, idempotency, ledger transfer, position) into the normal room's
 * open round; and `pgbench -n -N` (after `pgbench -i` on a scratch database) against the same
 * PostgreSQL. Bars: positions/s at least 0.5x pgbench's TPS, p99 under 50 ms.
 *
 * Fair by construction: same machine, same PostgreSQL (synchronous_commit as configured, checked and
 * printed), same run, same concurrency (BENCH_CONNECTIONS, default 32: autocannon connections without
 * pipelining — one request at a time per connection, like real clients — and pgbench clients, 2
 * pgbench threads). The two load alternately in ROUNDS slices of SLICE_SECONDS each (5 x 2 s
 * apiece, after a warm-up of both), so a busy neighbour on the machine weighs on both alike; the load
 * average before and after is printed too. The server logs at LOG_LEVEL=warn, as
 * PostgreSQL logs no statement either (BENCH_LOG_LEVEL=info adds a JSON access line per request).
 *
 * It also prints the CPU time per operation of each process taking part (from /proc, sampled every
 * 100 ms): the server, the load generator (autocannon runs in this process; pgbench in its own) and
 * PostgreSQL. On 2 cores everything competes for the same CPU, so these show what a figure is made of
 * and that the load generator is not what starves the server.
 *
 * Run: `npm run bench:place-position` with DATABASE_URL or TEST_DATABASE_URL set. Loopback only.
 * BENCH_NODE_ARGS passes flags to the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { type ChildProcess, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fillPath } from '@tradehall/contracts';
import { adminAuthEndpoints, positionEndpoints } from '@tradehall/contracts/endpoints';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBenchServer } from './bench-server.ts';
import { enrolTwoFactor, fundedUsers, idempotencyKey, login, openRound, p99 } from './http-helpers.ts';

const baseUrl = process.env.DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim();
if (!baseUrl) {
  console.error(
    'Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (scratch databases are made there).',
  );
  process.exit(1);
}

const USERS = 40;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** pgbench runs with as many clients as autocannon has connections: the same concurrency. */
const PGBENCH_CLIENTS = CONNECTIONS;
const PGBENCH_THREADS = 2;
const ROUNDS = 5;
const SLICE_SECONDS = 2;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const STAKE = 100;
const FUNDS = 1_000_000;
const run = promisify(execFile);

function databaseUrl(name: string): string {
  const url = new URL(baseUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T = unknown>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

// ---- CPU accounting (Linux /proc; prints nothing elsewhere) ----------------------------------------------

type Part = 'server' | 'load' | 'postgres';
const TICK_US = 10_000; // USER_HZ is 100 on Linux

/** user + system CPU ticks of a process, with its command name; null once it has gone. */
function processTicks(pid: string): { comm: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/**
 * Samples every 100 ms how much CPU the processes of each part have used (the list of processes is
 * refreshed from /proc every 500 ms, to keep the meter itself cheap); a part's use over the window is the
 * growth of each of its processes (from 0 for one started meanwhile). A process that exits loses at most
 * its last 100 ms (pgbench's backends: a little in pgbench's favour). This process counts as the load
 * generator only while autocannon runs in it.
 */
function cpuMeter(serverPid: number | undefined) {
  const first = new Map<string, number>();
  const last = new Map<string, { part: Part; ticks: number }>();
  const known = new Map<string, Part>();
  const partOf = (pid: string, comm: string): Part | null => {
    if (serverPid !== undefined && pid === String(serverPid)) return 'server';
    if (serverPid !== undefined && pid === String(process.pid)) return 'load';
    if (comm === 'pgbench') return 'load';
    return comm === 'postgres' ? 'postgres' : null;
  };
  const discover = () => {
    try {
      for (const pid of readdirSync('/proc')) {
        if (!/^\d+$/.test(pid) || known.has(pid)) continue;
        const seen = processTicks(pid);
        const part = seen && partOf(pid, seen.comm);
        if (part) known.set(pid, part);
      }
    } catch {
      // not Linux: nothing to report
    }
  };
  const sample = (initial: boolean) => {
    for (const [pid, part] of known) {
      const seen = processTicks(pid);
      if (!seen) continue;
      if (initial) first.set(pid, seen.ticks);
      else if (!first.has(pid)) first.set(pid, 0);
      last.set(pid, { part, ticks: seen.ticks });
    }
  };
  discover();
  sample(true);
  let samples = 0;
  const timer = setInterval(() => {
    samples += 1;
    if (samples % 5 === 0) discover();
    sample(false);
  }, 100);
  return {
    /** CPU microseconds per operation of each part. */
    stop(operations: number): Record<Part, number> {
      clearInterval(timer);
      sample(false);
      const used: Record<Part, number> = { server: 0, load: 0, postgres: 0 };
      for (const [pid, { part, ticks }] of last) used[part] += ticks - (first.get(pid) ?? 0);
      const per = (ticks: number) => Math.round((ticks * TICK_US) / Math.max(1, operations));
      return { server: per(used.server), load: per(used.load), postgres: per(used.postgres) };
    },
  };
}

function addCpu(total: Record<Part, number>, slice: Record<Part, number>, weight: number): void {
  for (const part of ['server', 'load', 'postgres'] as const) total[part] += slice[part] * weight;
}

function describeCpu(cpu: Record<Part, number>, operations: number, load: string): string {
  const per = (part: Part) => Math.round(cpu[part] / Math.max(1, operations));
  const total = per('server') + per('load') + per('postgres');
  const server = cpu.server > 0 ? `server ${per('server')} + ` : '';
  return `${server}${load} ${per('load')} + PostgreSQL ${per('postgres')} = ${total} µs`;
}

// ---- the run ---------------------------------------------------------------------------------------------

const serverDb = `tradehall_bench_place_${randomBytes(4).toString('hex')}`;
const pgbenchDb = `tradehall_bench_pgbench_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'tradehall-bench-place-'));
let server: ChildProcess | null = null;
await admin(`create database "${serverDb}"`);
await admin(`create database "${pgbenchDb}"`);

try {
  const [{ synchronous_commit: synchronousCommit } = { synchronous_commit: '?' }] = await admin<{
    synchronous_commit: string;
  }>('show synchronous_commit');
  const started = await startBenchServer({
    databaseUrl: databaseUrl(serverDb),
    dataDir,
    // One long open round, so the run never meets a seal.
    env: { LOG_LEVEL, ROUND_SECONDS_OVERRIDE: '900', SEALED_SECONDS_OVERRIDE: '10' },
  });
  server = started.child;
  const { port, api } = started;

  // Users: registered, signed in and funded through the real deposit flow.
  const operator = await login(api, adminAuthEndpoints.login, 'admin', 'admin12345');
  await enrolTwoFactor(api, operator);
  const tokens = await fundedUsers(api, operator, { count: USERS, prefix: 'bench', cents: FUNDS });
  const roundId = await openRound(api);

  const url = new URL(databaseUrl(pgbenchDb));
  const pgEnv = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
  };
  await run('pgbench', ['-i', '-q', '-s', '10', pgbenchDb], { env: pgEnv });

  const bets = [
    { category: 'both_sides', type: 'long' },
    { category: 'both_sides', type: 'short' },
    { category: 'both_sides', type: 'single' },
    { category: 'special_number', number: 13 },
  ];
  let sent = 0;
  /** Every measured response's latency (ms), for a p99 over all slices together. */
  let latencies: number[] | null = null;
  const placing = (seconds: number) => {
    // autocannon's promise is also its event emitter (the shared typings declare only the promise).
    const instance = autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      pipelining: 1,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: `/api/v1${fillPath(positionEndpoints.place.path, { id: roundId })}`,
          setupRequest: (request) => {
            sent += 1;
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${tokens[sent % tokens.length]}`,
              },
              body: JSON.stringify({
                bet: bets[sent % bets.length],
                amount: STAKE,
                idempotencyKey: idempotencyKey(),
              }),
            };
          },
        },
      ],
    }) as ReturnType<typeof autocannon> & {
      on(
        event: 'response',
        listener: (client: unknown, status: number, bytes: number, ms: number) => void,
      ): void;
    };
    instance.on('response', (_client, _status, _bytes, ms) => latencies?.push(ms));
    return instance;
  };
  const pgbench = async (seconds: number) => {
    const { stdout } = await run(
      'pgbench',
      [
        '-n',
        '-N',
        '-c',
        String(PGBENCH_CLIENTS),
        '-j',
        String(PGBENCH_THREADS),
        '-T',
        String(seconds),
        pgbenchDb,
      ],
      { env: pgEnv },
    );
    return {
      tps: Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN),
      transactions: Number(/actually processed: (\d+)/.exec(stdout)?.[1] ?? Number.NaN),
    };
  };

  // A warm-up of both (JIT, connection pools, caches), then the measured slices, alternating.
  await placing(3);
  await pgbench(2);
  const loadBefore = loadavg()[0] ?? 0;
  const placed = { accepted: 0, refused: 0, errors: 0, seconds: 0 };
  latencies = [];
  const baseline = { transactions: 0, tpsSum: 0 };
  const placingCpu: Record<Part, number> = { server: 0, load: 0, postgres: 0 };
  const pgbenchCpu: Record<Part, number> = { server: 0, load: 0, postgres: 0 };
  const slices: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const placingMeter = cpuMeter(server.pid);
    const result = await placing(SLICE_SECONDS);
    addCpu(placingCpu, placingMeter.stop(result['2xx']), result['2xx']);
    placed.accepted += result['2xx'];
    placed.refused += result.non2xx;
    placed.errors += result.errors;
    placed.seconds += result.duration;

    const pgbenchMeter = cpuMeter(undefined);
    const { tps, transactions } = await pgbench(SLICE_SECONDS);
    addCpu(pgbenchCpu, pgbenchMeter.stop(transactions), transactions);
    baseline.transactions += transactions;
    baseline.tpsSum += tps;
    slices.push(`${(result['2xx'] / result.duration).toFixed(0)}/${tps.toFixed(0)}`);
  }
  const positionsPerSecond = placed.accepted / placed.seconds;
  const tps = baseline.tpsSum / ROUNDS;
  const ratio = positionsPerSecond / tps;
  const p99Ms = p99(latencies);

  console.log(
    `place a position over HTTP: ${positionsPerSecond.toFixed(0)} positions/s ` +
      `(${placed.accepted} accepted, ${placed.refused} refused, ${placed.errors} errors; ${CONNECTIONS} connections, ` +
      `no pipelining, ${USERS} users, ${ROUNDS} x ${SLICE_SECONDS} s, LOG_LEVEL=${LOG_LEVEL})`,
  );
  console.log(`  p99 latency: ${p99Ms.toFixed(1)} ms (bar < 50 ms) ${p99Ms < 50 ? 'PASS' : 'FAIL'}`);
  console.log(`  CPU per position: ${describeCpu(placingCpu, placed.accepted, 'autocannon')}`);
  console.log(
    `pgbench -N (${PGBENCH_CLIENTS} clients, ${PGBENCH_THREADS} threads, ${ROUNDS} x ${SLICE_SECONDS} s, ` +
      `synchronous_commit=${synchronousCommit}): ${tps.toFixed(0)} TPS`,
  );
  console.log(`  CPU per transaction: ${describeCpu(pgbenchCpu, baseline.transactions, 'pgbench')}`);
  console.log(`  slices (positions/s / TPS): ${slices.join(', ')}`);
  console.log(`  ratio: ${ratio.toFixed(2)}x pgbench (bar >= 0.5x) ${ratio >= 0.5 ? 'PASS' : 'FAIL'}`);
  console.log(
    `  machine: ${availableParallelism()} CPUs, load average ${loadBefore.toFixed(1)} before and ` +
      `${(loadavg()[0] ?? 0).toFixed(1)} after (anything above ~2 is someone else's work)`,
  );
  if (placed.refused > 0 || placed.errors > 0) console.log('  WARNING: some requests were not accepted');
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server?.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  await admin(`drop database if exists "${serverDb}" with (force)`);
  await admin(`drop database if exists "${pgbenchDb}" with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
