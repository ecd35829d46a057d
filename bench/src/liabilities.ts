/**
 * bench:liabilities (issue 23, "it stays fast"): a proof-of-liabilities snapshot of 100,000 users on
 * PostgreSQL, with the product started as production (no demo, no test mode, its own signing key) as a
 * separate process, driven from this one. Prints the snapshot's time (the server's own measure, stored
 * with the snapshot) and the p99 of GET /rooms requests made while the snapshot runs beside the p99 of the
 * same requests right after it, on the same server, in the same run (the ratio is what to read).
 *
 * The users are written straight into a scratch database (users + cash accounts with random balances)
 * between a first start (which migrates it) and a second (whose scheduler finds no snapshot and takes one
 * at once). BENCH_USERS changes the count. The machine may be shared: say so beside any figure.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchApiServer, startBenchServer, stopBenchServer } from './bench-server.ts';
import { freePort } from './http-helpers.ts';
import { createScratchDatabase, databaseUrl, dropScratchDatabase, withClient } from './pg-scratch.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const CONNECTIONS = 8;
const LIMIT_MS = 10_000;

/** As production: no demo logins, no test-mode captcha header, a signing key of this run's. */
const PRODUCTION_ENV = {
  DEMO_MODE: 'false',
  TRADEHALL_TEST_MODE: 'false',
  FAIRNESS_BEACON: 'none',
  LIABILITIES_SIGNING_KEY: randomBytes(32).toString('hex'),
  LIABILITIES_SNAPSHOT_MINUTES: '60',
};

function p99(samples: number[]): number {
  const sorted = samples.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
}

/** CONNECTIONS loops of GET /rooms until `until()` says stop; each request's latency in ms. */
async function load(api: string, until: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (!until()) {
        const started = performance.now();
        const response = await fetch(`${api}/rooms`);
        await response.arrayBuffer();
        samples.push(performance.now() - started);
      }
    }),
  );
  return samples;
}

async function latestSnapshot(api: string): Promise<{ sequence: number; userCount: number } | null> {
  const response = await fetch(`${api}/liabilities`);
  const body = (await response.json()) as { latest: { sequence: number; userCount: number } | null };
  return body.latest;
}

/**
 * The longest the server's event loop was held since the previous scrape (prom-client's
 * monitorEventLoopDelay, reset by every scrape): a stall of the request thread shows here whatever the
 * machine's load does to the latencies around it.
 */
async function eventLoopMaxMs(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('nodejs_eventloop_lag_max_seconds'));
  return Number(line?.split(' ')[1] ?? Number.NaN) * 1000;
}

async function main(): Promise<void> {
  const name = await createScratchDatabase('bench_liabilities');
  const url = databaseUrl(name);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-liabilities-'));
  let server: BenchApiServer | null = null;
  try {
    // First start: migrates the database; no user yet, so its snapshot (if any) is of nobody.
    server = await startBenchServer({
      databaseUrl: url,
      dataDir,
      env: { ...PRODUCTION_ENV, LIABILITIES_SNAPSHOT_MINUTES: '0' },
    });
    await stopBenchServer(server);
    server = null;
    await withClient(url, async (client) => {
      await client.query(
        `insert into users (username, password_hash, nickname, invitation_code)
        select 'bench_' || i, 'x', 'bench_' || i, 'B' || lpad(i::text, 9, '0') from generate_series(1, $1::int) i`,
        [USERS],
      );
      await client.query(`insert into ledger_accounts (kind, user_id, balance)
        select 'user_cash', id, (random() * 100000000)::int8 from users u
        where not exists (select 1 from ledger_accounts a where a.user_id = u.id)`);
    });
    // Second start: the scheduler finds no snapshot and takes one at once, while we make requests.
    const metricsPort = await freePort();
    server = await startBenchServer({
      databaseUrl: url,
      dataDir,
      env: { ...PRODUCTION_ENV, METRICS_PORT: String(metricsPort) },
    });
    const api = server.api;
    // Resets the event-loop delay figures: what follows is the snapshot's window only.
    await eventLoopMaxMs(metricsPort);
    let done = false;
    const during = load(api, () => done);
    const started = performance.now();
    for (;;) {
      const latest = await latestSnapshot(api);
      if (latest !== null) break;
      if (performance.now() - started > 120_000) throw new Error('no snapshot within 120 s');
      await new Promise((wait) => setTimeout(wait, 100));
    }
    done = true;
    const duringSamples = await during;
    const windowMs = performance.now() - started;
    const duringStallMs = await eventLoopMaxMs(metricsPort);
    // The same requests for as long again, with no snapshot running.
    const quietUntil = performance.now() + Math.max(2_000, windowMs);
    const quietSamples = await load(api, () => performance.now() >= quietUntil);
    const quietStallMs = await eventLoopMaxMs(metricsPort);
    const row = await withClient(
      url,
      async (client) =>
        (
          await client.query<{ duration_ms: number; user_count: number; total: string }>(
            'select duration_ms, user_count, total from liabilities_snapshots order by sequence desc limit 1',
          )
        ).rows[0],
    );
    const duringP99 = p99(duringSamples);
    const quietP99 = p99(quietSamples);
    const lines = [
      `bench:liabilities — ${row?.user_count ?? 0} users, PostgreSQL, production mode, ${CONNECTIONS} connections on GET /rooms`,
      `  snapshot published after: ${windowMs.toFixed(0)} ms from the server answering (claims read, tree built, signed, ${row?.user_count ?? 0} leaves appended; polled every 100 ms) (limit ${LIMIT_MS} ms) ${windowMs < LIMIT_MS ? 'OK' : 'OVER'}`,
      `  of which read + build + sign (stored with the snapshot): ${row?.duration_ms ?? 0} ms`,
      `  request p99 during the snapshot: ${duringP99.toFixed(1)} ms over ${duringSamples.length} requests`,
      `  request p99 without a snapshot:  ${quietP99.toFixed(1)} ms over ${quietSamples.length} requests`,
      `  ratio during / without: ${(duringP99 / Math.max(quietP99, 0.001)).toFixed(2)}`,
      `  longest event-loop stall of the server during the snapshot: ${duringStallMs.toFixed(0)} ms; without: ${quietStallMs.toFixed(0)} ms`,
      `  load average at the end: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} (a shared machine: other work runs beside this)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await stopBenchServer(server);
    await dropScratchDatabase(name).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
