/**
 * How the benches start the server: as production does (`npm run start:server`), plain node on the
 * built bundle with source maps, no transpiler at run time. The build is brought up to date first
 * (scripts/build-if-changed.mjs, a no-op on an unchanged tree), so a bench never measures a stale build.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

let built = false;

/** node's arguments for the built server (after any of the caller's own flags); builds it if needed. */
export function builtServerArgs(): string[] {
  if (!built) {
    const build = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error('the build failed (npm run build)');
    built = true;
  }
  return ['--enable-source-maps', 'apps/server/dist/main.js'];
}
