/**
 * The real server (as support/server.ts starts it) that a journey can stop and start again on the same
 * port and the same data directory: a restart, as a deployment or a crash-and-recover would do it. The
 * embedded database lives in the data directory, so users, sessions and rounds survive the restart.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type ServerOutput, spawnHealthyServer, stopServerProcess } from './spawn-server.ts';

export interface RestartableServer {
  url: string;
  output: () => string;
  /**
   * Starts the server and resolves once /api/v1/health answers; `env` is added to the creation's for
   * this start only (a later TEST_CLOCK_OFFSET_SECONDS: the server comes back a business day later).
   */
  start: (env?: Record<string, string>) => Promise<void>;
  /** Stops it with SIGTERM and waits for the process to exit; the data directory stays. */
  stop: () => Promise<void>;
  /** Stops it if running and removes the data directory. */
  dispose: () => Promise<void>;
}

export async function createRestartableServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tradehall-e2e-restart-'));
  const output: ServerOutput = { text: '' };
  let child: ChildProcess | null = null;

  const start = async (extra: Record<string, string> = {}) => {
    if (child && child.exitCode === null) throw new Error('the server is already running');
    child = await spawnHealthyServer({ port, dataDir, env: { ...env, ...extra }, output });
  };

  const stop = async () => {
    if (child) await stopServerProcess(child);
  };

  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output.text,
    start,
    stop,
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
