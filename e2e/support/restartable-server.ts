/**
 * The real server (as support/server.ts starts it) that a journey can stop and start again on the same
 * port and the same data directory: a restart, as a deployment or a crash-and-recover would do it. The
 * embedded database lives in the data directory, so users, sessions and rounds survive the restart.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './server.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const HEALTHY_WITHIN_MS = 90_000;

export interface RestartableServer {
  url: string;
  output: () => string;
  /** Starts the server and resolves once /api/v1/health answers. */
  start: () => Promise<void>;
  /** Stops it with SIGTERM and waits for the process to exit; the data directory stays. */
  stop: () => Promise<void>;
  /** Stops it if running and removes the data directory. */
  dispose: () => Promise<void>;
}

export async function createRestartableServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tradehall-e2e-restart-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess | null = null;

  const healthy = async (): Promise<boolean> => {
    try {
      return (await fetch(`${url}/api/v1/health`)).ok;
    } catch {
      return false;
    }
  };

  const start = async () => {
    if (child && child.exitCode === null) throw new Error('the server is already running');
    const spawned = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        TRADEHALL_TEST_MODE: 'true',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    spawned.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    spawned.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    const deadline = Date.now() + HEALTHY_WITHIN_MS;
    while (Date.now() < deadline) {
      if (spawned.exitCode !== null) throw new Error(`server exited with ${spawned.exitCode}:\n${log}`);
      if (await healthy()) return;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`server did not become healthy:\n${log}`);
  };

  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((done) => running.once('exit', () => done()));
    running.kill('SIGTERM');
    await exited;
  };

  return {
    url,
    output: () => log,
    start,
    stop,
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
