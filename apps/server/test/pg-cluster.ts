/**
 * A PostgreSQL cluster a test owns outright (initdb in a temporary directory, its own port), so it can
 * be stopped and started again without touching the shared server other suites use. The binaries run as
 * the `postgres` user (PostgreSQL refuses to run as root), so the directory is handed to that user.
 * Also: the real server process (node --import tsx src/main.ts) and the small HTTP helpers the fault
 * suites share.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MAIN_TS } from './harness.ts';

const run = promisify(execFile);

const PG_BIN_DIRS = [
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
];

/** Where initdb and pg_ctl are, or null when PostgreSQL's server binaries are not installed. */
export function postgresBinDir(): string | null {
  return PG_BIN_DIRS.find((dir) => existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

/** Whether this machine can run a private cluster: the binaries, and a `postgres` user to run them as. */
export function canRunOwnCluster(): boolean {
  if (!postgresBinDir()) return false;
  try {
    return readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .some((line) => line.startsWith('postgres:'));
  } catch {
    return false;
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface OwnCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  /** pg_ctl stop -m fast: every session is terminated, then the server shuts down. */
  stop(): Promise<void>;
  /** Stops it (immediately) if it runs, and removes its directory. */
  destroy(): Promise<void>;
}

/** initdb in a fresh temporary directory; call start() to run it. */
export async function createOwnCluster(): Promise<OwnCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found');
  const dir = mkdtempSync(path.join(tmpdir(), 'tradehall-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const port = await freePort();
  const asPostgres = async (command: string, args: string[], timeoutMs: number) => {
    const [file, argv] =
      userInfo().username === 'postgres'
        ? [path.join(bin, command), args]
        : ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]];
    return run(file, argv, { timeout: timeoutMs });
  };
  if (userInfo().username !== 'postgres') {
    const ids = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('postgres:'))
      ?.split(':');
    chownSync(dir, Number(ids?.[2]), Number(ids?.[3]));
    chmodSync(dir, 0o700);
  }
  await asPostgres(
    'initdb',
    ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'],
    60_000,
  );
  // A throwaway cluster: durability buys nothing here, and the machine is shared.
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=16MB',
    '-c max_connections=40',
  ].join(' ');
  let running = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await asPostgres(
        'pg_ctl',
        ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '30', 'start'],
        40_000,
      );
      running = true;
    },
    async stop() {
      await asPostgres('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop'], 40_000);
      running = false;
    },
    async destroy() {
      if (running) {
        await asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], 40_000).catch(
          () => undefined,
        );
        running = false;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The real server process

export const REPO_ROOT = path.resolve(path.dirname(MAIN_TS), '../../..');

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not gone within a few seconds. */
  stop(): Promise<void>;
}

/** `nodeArgs`: what node runs (by default the sources through tsx; the built server's test passes its own). */
export function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = ['--import', 'tsx', MAIN_TS],
): ServerProcess {
  const child = spawn(process.execPath, nodeArgs, {
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
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface HttpAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  retryAfter: string | null;
  ms: number;
}

/**
 * One request with a hard deadline: a request that hangs past it fails the test instead of the suite.
 * A network failure (the server gone) is status 0.
 */
export async function request<T = Record<string, unknown>>(
  url: string,
  init: { method?: string; body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<HttpAnswer<T>> {
  const started = performance.now();
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as T,
      retryAfter: response.headers.get('retry-after'),
      ms: performance.now() - started,
    };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') throw new Error(`${init.method ?? 'GET'} ${url} hung`);
    return { status: 0, body: {} as T, retryAfter: null, ms: performance.now() - started };
  }
}

/** Logs in over HTTP (test mode hands out the captcha answer in a header). */
export async function loginOver(api: string, loginPath: string, account: string, password: string) {
  const captcha = await fetch(`${api}/auth/captcha`);
  const { captchaId } = (await captcha.json()) as { captchaId: string };
  const captchaAnswer = captcha.headers.get('x-test-captcha-answer') ?? '';
  const answer = await request<{ token: string }>(`${api}${loginPath}`, {
    method: 'POST',
    body: { account, password, captchaId, captchaAnswer },
  });
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}
