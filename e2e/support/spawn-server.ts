/**
 * One way to run the real server for a journey: the built web app + console with the embedded database
 * in the given data directory, as a child process on a loopback port, the way `npm start` runs it (the
 * built server under plain node).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');
/** The built server (`npm run build`), run as `npm start` runs it: plain node, source maps on. */
const BUILT_SERVER = 'apps/server/dist/main.js';
const HEALTHY_WITHIN_MS = 90_000;

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** What the server printed, kept across restarts so a failure shows the whole story. */
export interface ServerOutput {
  text: string;
}

/** Spawns the server and resolves once /api/v1/health answers; rejects if it exits or never answers. */
export async function spawnHealthyServer(options: {
  port: number;
  dataDir: string;
  env: Record<string, string>;
  output: ServerOutput;
}): Promise<ChildProcess> {
  const { port, dataDir, env, output } = options;
  if (!existsSync(resolve(repoRoot, BUILT_SERVER))) {
    throw new Error(`${BUILT_SERVER} is missing: the journeys run the built server (npm run build)`);
  }
  const child = spawn(process.execPath, ['--enable-source-maps', BUILT_SERVER], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      TRADEHALL_TEST_MODE: 'true',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output.text += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.text}`);
    if (await healthy(`http://127.0.0.1:${port}`)) return child;
    await new Promise((done) => setTimeout(done, 100));
  }
  // Not left running behind a failed start (the caller has no process to stop).
  await stopServerProcess(child);
  throw new Error(`server did not become healthy:\n${output.text}`);
}

/** Stops the server with SIGTERM and waits for the process to exit (no-op once it has). */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  await exited;
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/v1/health`)).ok;
  } catch {
    return false;
  }
}
