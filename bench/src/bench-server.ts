/**
 * The real server as a separate process for the benches that drive it over HTTP: on a PostgreSQL
 * database, in demo and test mode (the captcha answer comes back in a header, so sign-ins work), with
 * the rate limits lifted (one address makes every request) and the given overrides (round lengths).
 * Resolves once /health answers. BENCH_NODE_ARGS passes flags to its node (e.g. --cpu-prof). It runs
 * the built server, as `npm run start:server` does (built-server.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { builtServerArgs } from './built-server.ts';
import { freePort } from './http-helpers.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface BenchApiServer {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>/api/v1` */
  api: string;
}

export async function startBenchServer(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
  /** The server's log lines (stdout) for the caller to read; dropped otherwise. */
  pipeStdout?: boolean;
}): Promise<BenchApiServer> {
  const port = await freePort();
  const api = `http://127.0.0.1:${port}/api/v1`;
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  const child = spawn(process.execPath, [...nodeArgs, ...builtServerArgs()], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      TRADEHALL_TEST_MODE: 'true',
      DEMO_MODE: 'true',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      CAPTCHA_RATE_LIMIT_PER_MINUTE: '100000',
      ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    },
    stdio: ['ignore', options.pipeStdout ? 'pipe' : 'ignore', 'inherit'],
  });
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${api}/health`)).ok) return { child, port, api };
    } catch {
      // not up yet
    }
    if (attempt > 1200) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy within 60 s');
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

/** SIGTERM, and the exit awaited. */
export async function stopBenchServer(server: BenchApiServer | null): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill('SIGTERM');
  await exited;
}
