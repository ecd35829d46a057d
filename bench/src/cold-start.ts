/**
 * Cold start: from spawning the server on an empty embedded database (migrations + demo seed included)
 * to the first healthy answer, then a warm restart on the same data. Run: `npm run bench:cold-start`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './http-helpers.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

async function timeToHealthy(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    for (let attempt = 0; attempt < 1200; attempt++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return performance.now() - started;
      } catch {
        // not up yet
      }
      await new Promise((wait) => setTimeout(wait, 25));
    }
    throw new Error('server did not become healthy within 30 s');
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'tradehall-bench-'));
try {
  const cold = await timeToHealthy(dataDir);
  const warm = await timeToHealthy(dataDir);
  console.log(`cold start (empty database: migrate + seed): ${(cold / 1000).toFixed(2)} s`);
  console.log(`warm start (existing database):             ${(warm / 1000).toFixed(2)} s`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
