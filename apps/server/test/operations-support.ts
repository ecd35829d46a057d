/**
 * What the operations suites (metrics, backups, draining) share: a server process started through the
 * one launcher (pg-cluster.ts startServer) on a fresh database of its own, a Prometheus scrape parsed into
 * samples, and the small journey steps (a funded user, a position in the next round).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO } from './harness.ts';
import {
  freePort,
  loginOver,
  REPO_ROOT,
  request,
  type ServerProcess,
  startServer,
  waitFor,
} from './pg-cluster.ts';
import { enrolTwoFactorOverHttp } from './two-factor-over-http.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || '';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.trim() || '';

/** Short rounds, so a journey sees a round sealed, drawn and settled within seconds. */
export const SHORT_ROUNDS = {
  ROUND_SECONDS_OVERRIDE: '4',
  SEALED_SECONDS_OVERRIDE: '1',
  DRAWING_SECONDS_OVERRIDE: '1',
};

export interface Node {
  process: ServerProcess;
  port: number;
  base: string;
  api: string;
  metricsUrl: string | null;
}

/** Starts a server process and waits for its banner (up to 2 min: a start took over 60 s on the shared two cores). */
export async function startNode(
  env: Record<string, string>,
  options: { metrics?: boolean } = {},
): Promise<Node> {
  const port = await freePort();
  const metricsPort = options.metrics ? await freePort() : null;
  const process = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    TRADEHALL_TEST_MODE: 'true',
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
    ...env,
  });
  await waitFor(
    'the banner',
    () => {
      if (process.child.exitCode !== null) throw new Error(`server exited: ${process.output()}`);
      return process.output().includes('Tradehall is running');
    },
    120_000,
  );
  const base = `http://127.0.0.1:${port}`;
  return {
    process,
    port,
    base,
    api: `${base}/api/v1`,
    metricsUrl: metricsPort ? `http://127.0.0.1:${metricsPort}/metrics` : null,
  };
}

/**
 * Runs one of the server's command-line tools (`npm run backup` / `restore`: apps/server/src/<name>.ts)
 * the way the npm script does, in a clean environment; answers its exit code and output.
 */
export function runTool(
  name: 'backup-cli' | 'restore-cli',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, `apps/server/src/${name}.ts`), ...args],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/** A database of its own on the test PostgreSQL server (created now, dropped by drop()). */
export async function freshPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
}

/** One statement on the test server's own database (create/drop database cannot run in a transaction). */
async function adminQuery(text: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
  await pool.query(text).finally(() => pool.end());
}

/** A temporary directory removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------------------------------------------
// Prometheus text

/** Samples by `name{label="value",...}` as exposed (labels in exposition order). */
export type Samples = Map<string, number>;

export async function scrape(url: string): Promise<Samples> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (response.status !== 200) throw new Error(`scrape answered ${response.status}`);
  const samples: Samples = new Map();
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

/** The sum of a series' samples whose labels include every given pair (NaN when none matches). */
export function value(samples: Samples, name: string, labels: Record<string, string> = {}): number {
  let total = Number.NaN;
  for (const [key, sample] of samples) {
    const brace = key.indexOf('{');
    const keyName = brace === -1 ? key : key.slice(0, brace);
    if (keyName !== name) continue;
    if (!Object.entries(labels).every(([label, wanted]) => key.includes(`${label}="${wanted}"`))) continue;
    total = (Number.isNaN(total) ? 0 : total) + sample;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------------
// Journey steps

export const newKey = () => randomBytes(18).toString('base64url');

/** The demo user, funded through the real deposit flow (an operator with two factors approves it). */
export async function fundedDemoUser(
  api: string,
  cents = 500_000,
): Promise<{ user: string; operator: string }> {
  const operator = await loginOver(api, '/admin/auth/login', DEMO.operator.account, DEMO.operator.password);
  await enrolTwoFactorOverHttp(api, operator);
  const user = await loginOver(api, '/auth/login', DEMO.user.account, DEMO.user.password);
  const deposit = await request<{ id: string }>(`${api}/deposits`, {
    method: 'POST',
    token: user,
    body: { method: 'offline', amount: cents, depositorName: 'Demo', idempotencyKey: newKey() },
  });
  if (deposit.status !== 201) throw new Error(`deposit: ${deposit.status} ${JSON.stringify(deposit.body)}`);
  const approved = await request(`${api}/admin/deposits/${deposit.body.id}/approve`, {
    method: 'POST',
    token: operator,
  });
  if (approved.status !== 200)
    throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
  return { user, operator };
}

type RoomView = {
  id: string;
  tier: string;
  currentRound: { id: string; status: string; sealsAt: number } | null;
};

/** The normal room's open round with at least `leftMs` before it seals. */
export async function openRound(api: string, leftMs = 1_500): Promise<{ roomId: string; roundId: string }> {
  let found: { roomId: string; roundId: string } | null = null;
  await waitFor(
    'an open round with time left',
    async () => {
      const rooms = (await request<{ items: RoomView[] }>(`${api}/rooms`)).body.items ?? [];
      const room = rooms.find((each) => each.tier === 'normal');
      const current = room?.currentRound;
      if (!room || current?.status !== 'open' || current.sealsAt * 1000 - Date.now() < leftMs) return false;
      found = { roomId: room.id, roundId: current.id };
      return true;
    },
    60_000,
  );
  if (!found) throw new Error('no open round');
  return found;
}

/** Places one position (amount in cents); answers the HTTP status. */
export async function place(api: string, token: string, roundId: string, amount = 1_000): Promise<number> {
  const placed = await request(`${api}/rounds/${roundId}/positions`, {
    method: 'POST',
    token,
    body: { bet: { category: 'both_sides', type: 'long' }, amount, idempotencyKey: newKey() },
  });
  return placed.status;
}
