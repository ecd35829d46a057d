// `npm start`'s build step: builds the web app, the console and the server (`npm run build`) only when
// what they are built from changed since the last build. The fingerprint is a SHA-256 over every file of
// apps/web, apps/console, apps/server and packages (dist and node_modules aside), the lockfile, this
// script, the build steps it runs and the root package.json; it is written into each dist folder after a
// good build (as a dotfile, which the static file server does not serve), so a failed or partial build is
// never taken for current. It exits when done: `npm start` then execs node on the built server, so the
// running server is one node process (beside npm's own), and none of this script's memory stays with it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const SOURCES = [
  'apps/web',
  'apps/console',
  'apps/server',
  'packages',
  'package-lock.json',
  'package.json',
  'scripts/build-if-changed.mjs',
  'scripts/precompress.mjs',
  'scripts/build-server.mjs',
];
const SKIP = new Set(['node_modules', 'dist', 'coverage', '.vite']);
/** Each build's output folder and a file a complete build always leaves in it. */
const DISTS = [
  ['apps/web/dist', 'index.html'],
  ['apps/console/dist', 'index.html'],
  ['apps/server/dist', 'main.js'],
];
const STAMP = '.source-hash';

function* walk(path) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  const entries = readdirSync(full, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name) || entry.name.endsWith('.tsbuildinfo')) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) yield* walk(child);
    else if (entry.isFile()) yield child;
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const source of SOURCES) {
    const full = join(root, source);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory() ? [...walk(source)] : [source];
    for (const file of files) {
      hash.update(file);
      hash.update('\0');
      hash.update(readFileSync(join(root, file)));
      hash.update('\0');
    }
  }
  // The build reads these (the version the web app reports): a different value is a different build.
  for (const name of ['VITE_APP_VERSION', 'NODE_ENV']) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

const started = performance.now();
const current = fingerprint();
const stamps = DISTS.map(([dist, built]) => {
  const file = join(root, dist, STAMP);
  return existsSync(file) && existsSync(join(root, dist, built)) ? readFileSync(file, 'utf8').trim() : null;
});
if (stamps.every((stamp) => stamp === current)) {
  console.log(
    `build: unchanged since the last build, skipped (checked in ${Math.round(performance.now() - started)} ms)`,
  );
} else {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  for (const [dist] of DISTS) writeFileSync(join(root, dist, STAMP), `${current}\n`);
}
