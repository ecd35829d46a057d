/**
 * The built server (scripts/build-server.mjs, what `npm run build` makes and `npm run start:server`
 * runs): one bundle that needs no transpiler (the workspace's TypeScript compiled in, installed packages
 * imported as installed), that starts under plain node and stops cleanly, and whose source map leads
 * stack positions back to the TypeScript sources.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_TS } from './harness.ts';
import { freePort, REPO_ROOT, startServer, waitFor } from './pg-cluster.ts';

// Under the repository, as apps/server/dist is: the bundle finds node_modules by walking up from itself.
const OUT_DIR = path.join(REPO_ROOT, '.scratch', `server-build-${randomBytes(4).toString('hex')}`);
const BUNDLE = path.join(OUT_DIR, 'main.js');

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', OUT_DIR], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
});

afterAll(() => {
  rmSync(OUT_DIR, { recursive: true, force: true });
});

describe('the built server', () => {
  it('is one module: the workspace and the pure packages compiled in, packages that read their files left as imports', () => {
    const code = readFileSync(BUNDLE, 'utf8');
    const imports = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1] ?? '');
    // Native, or reading files beside themselves (wasm, fonts, assets, client files): found as installed.
    for (const installed of [
      'fastify',
      '@electric-sql/pglite',
      '@node-rs/argon2',
      'svg-captcha',
      'socket.io',
    ]) {
      expect(imports).toContain(installed);
    }
    // Hundreds of small modules each, which node would otherwise resolve and compile at every start.
    expect(imports.filter((name) => /^(kysely|zod|@noble\/)/.test(name))).toEqual([]);
    expect(imports.filter((name) => name.startsWith('@tradehall/') || name.startsWith('.'))).toEqual([]);
    // Nothing at run time reads TypeScript.
    expect(imports.filter((name) => name.endsWith('.ts') || name === 'tsx')).toEqual([]);
  });

  it('maps its positions back to the TypeScript sources', () => {
    const code = readFileSync(BUNDLE, 'utf8');
    const map = new SourceMap(JSON.parse(readFileSync(`${BUNDLE}.map`, 'utf8')));
    const lines = code.split('\n');
    const line = lines.findIndex((text) => text.includes('Tradehall stopped.'));
    expect(line).toBeGreaterThan(-1);
    const column = lines[line]?.indexOf('Tradehall stopped.') ?? 0;
    const entry = map.findEntry(line, column) as { originalSource?: string };
    expect(path.resolve(OUT_DIR, entry.originalSource ?? '')).toBe(MAIN_TS);
  });

  it('starts under plain node, answers, and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tradehall-built-'));
    const port = await freePort();
    const server = startServer(
      { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_MODE: 'true', LOG_LEVEL: 'warn' },
      ['--enable-source-maps', BUNDLE],
    );
    try {
      await waitFor('the banner', () => server.output().includes('Tradehall is running'), 60_000);
      const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(health.status).toBe(200);
      // The demo takes a liabilities snapshot at start: its tree is built by dist/liabilities-worker.js,
      // the bundle's second entry, found beside main.js.
      let latest: unknown = null;
      await waitFor(
        'a liabilities snapshot',
        async () => {
          const overview = await fetch(`http://127.0.0.1:${port}/api/v1/liabilities`);
          latest = ((await overview.json()) as { latest: unknown }).latest;
          return latest !== null;
        },
        60_000,
      );
      expect(latest).toMatchObject({ sequence: 1, trigger: 'schedule' });
      // The migrations and the seed ran from the bundle, into the data directory it was given.
      expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(true);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('Tradehall stopped.');
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
