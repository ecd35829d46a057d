/**
 * Cold start and idle memory of the built server (`npm run start:server`: plain node on
 * apps/server/dist/main.js), on the embedded database and on PostgreSQL: from spawning it on an empty
 * database (migrations + demo seed included) to the first healthy answer, then a warm restart on the same
 * data, whose resident memory is read after it has idled. Then `npm start` on an unchanged build: its
 * time to healthy and the processes it leaves running. Beside each time, the CPU the server's process
 * spent until healthy, which a busy machine moves much less than the wall clock.
 * Run: `npm run bench:cold-start` (PostgreSQL from DATABASE_URL or TEST_DATABASE_URL; a scratch database
 * is made and dropped). Decision 0033 records the figures and why the embedded database's is higher.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGLITE_SHARED_BUFFERS } from '../../apps/server/src/platform/db/pglite-engine.ts';
import { builtServerArgs } from './built-server.ts';
import { freePort } from './http-helpers.ts';
import { createScratchDatabase, databaseUrl, dropScratchDatabase } from './pg-scratch.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const TARGET_MB = { pglite: 250, postgres: 150 } as const;
const HEALTHY_BAR_MS = 2_000;

/** Resident memory (VmRSS) of a process, MB. */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? Number.NaN) / 1024;
}

/** CPU time a process has spent (user + system, all threads), ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The process and all its descendants, with their command lines. */
function processTree(root: number): { pid: number; command: string }[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree: { pid: number; command: string }[] = [];
  const visit = (pid: number) => {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      tree.push({ pid, command });
    } catch {
      return;
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

async function untilHealthy(port: number, child: ChildProcess): Promise<number> {
  const started = performance.now();
  for (let attempt = 0; attempt < 2400; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return performance.now() - started;
    } catch {
      // not up yet
    }
    await new Promise((wait) => setTimeout(wait, 20));
  }
  throw new Error('the server did not become healthy within 48 s');
}

async function stop(child: ChildProcess, pid = child.pid): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  if (pid) process.kill(pid, 'SIGTERM');
  await exited;
}

interface Start {
  ms: number;
  cpuMs: number;
  idleRssMb: number;
}

function environment(port: number, dataDir: string, url: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
  };
}

/** The built server as `npm run start:server` runs it; with `idle`, its memory after idling. */
async function startServer(dataDir: string, url: string, idle: boolean): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, builtServerArgs(), {
    cwd: repoRoot,
    env: environment(port, dataDir, url),
    stdio: 'ignore',
  });
  try {
    await untilHealthy(port, child);
    const ms = performance.now() - started;
    const cpu = cpuMs(child.pid ?? 0);
    if (idle) await new Promise((wait) => setTimeout(wait, IDLE_SECONDS * 1000));
    return { ms, cpuMs: cpu, idleRssMb: idle ? rssMb(child.pid ?? 0) : Number.NaN };
  } finally {
    await stop(child);
  }
}

/**
 * PGlite by itself on the same data (opened, one query, idle): the embedded database's own share. Opened
 * with the server's settings (pglite-engine.ts): its shared_buffers, and baseline-compiled WebAssembly.
 */
async function pgliteAloneMb(dataDir: string): Promise<number> {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    const db = await PGlite.create({
      dataDir: ${JSON.stringify(join(dataDir, 'pgdata'))},
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=${PGLITE_SHARED_BUFFERS}'],
    });
    await db.query('select count(*) from users');
    process.send('ready');
    process.on('message', async () => { await db.close(); process.exit(0); });`;
  const child = spawn(process.execPath, ['--liftoff-only', '--input-type=module', '-e', script], {
    cwd: join(repoRoot, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((ready, failed) => {
    child.once('message', () => ready());
    child.once('exit', (code) => failed(new Error(`PGlite alone exited with ${code}`)));
  });
  await new Promise((wait) => setTimeout(wait, IDLE_SECONDS * 1000));
  const mb = rssMb(child.pid ?? 0);
  const exited = new Promise((done) => child.once('exit', done));
  child.send('stop');
  await exited;
  return mb;
}

/** `npm start` on an unchanged build and existing data: time to healthy, and what runs under npm. */
async function npmStart(dataDir: string): Promise<{ ms: number; tree: { pid: number; command: string }[] }> {
  const port = await freePort();
  const started = performance.now();
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: environment(port, dataDir, ''),
    stdio: 'ignore',
  });
  try {
    await untilHealthy(port, npm);
    const ms = performance.now() - started;
    return { ms, tree: processTree(npm.pid ?? 0) };
  } finally {
    const server = processTree(npm.pid ?? 0).find((p) => p.command.includes('dist/main.js'));
    await stop(npm, server?.pid ?? npm.pid);
  }
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function report(name: string, cold: Start, warm: Start, target: number): void {
  console.log(`${name}:`);
  console.log(
    `  cold start (empty database: migrate + seed) ${seconds(cold.ms)} (CPU ${seconds(cold.cpuMs)})`,
  );
  console.log(
    `  warm start (existing database)              ${seconds(warm.ms)} (CPU ${seconds(warm.cpuMs)})`,
  );
  console.log(
    `  idle RSS after ${IDLE_SECONDS} s                             ${mb(warm.idleRssMb)} ` +
      `(target ${target} MB) ${warm.idleRssMb <= target ? 'ok' : 'ABOVE'}`,
  );
}

builtServerArgs();
console.log(
  `bench:cold-start — the built server (node --enable-source-maps apps/server/dist/main.js); load average ` +
    `${loadavg()[0]?.toFixed(1)} before (a shared machine moves the wall-clock figures; CPU moves less)\n`,
);
const pgliteDir = mkdtempSync(join(tmpdir(), 'tradehall-bench-'));
const postgresDir = mkdtempSync(join(tmpdir(), 'tradehall-bench-'));
const scratch = await createScratchDatabase('bench_cold_start');
try {
  const pgliteCold = await startServer(pgliteDir, '', false);
  const pgliteWarm = await startServer(pgliteDir, '', true);
  report('Embedded database (PGlite)', pgliteCold, pgliteWarm, TARGET_MB.pglite);
  console.log(`  PGlite alone on the same data, idle        ${mb(await pgliteAloneMb(pgliteDir))}`);

  const url = databaseUrl(scratch);
  const postgresCold = await startServer(postgresDir, url, false);
  const postgresWarm = await startServer(postgresDir, url, true);
  report('\nPostgreSQL', postgresCold, postgresWarm, TARGET_MB.postgres);

  const npm = await npmStart(pgliteDir);
  console.log(
    `\nnpm start, unchanged build, existing embedded database: healthy in ${seconds(npm.ms)} ` +
      `(bar ${seconds(HEALTHY_BAR_MS)}) ${npm.ms <= HEALTHY_BAR_MS ? 'ok' : 'ABOVE'}`,
  );
  const nodes = npm.tree.filter((p) => /(^|\/)node /.test(p.command) && !p.command.includes('npm'));
  console.log(`  running under npm: ${nodes.length} node process(es)`);
  for (const { pid, command } of npm.tree) console.log(`    ${pid} ${command}`);
} finally {
  await dropScratchDatabase(scratch);
  rmSync(pgliteDir, { recursive: true, force: true });
  rmSync(postgresDir, { recursive: true, force: true });
}
