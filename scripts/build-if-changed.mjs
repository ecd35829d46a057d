// `npm start`'s build step: builds the web app, the console and the server (`npm run build`) only when
// what they are built from changed since the last build. The fingerprint is a SHA-256 over every file of
// apps/web, apps/console, apps/server and packages (dist and node_modules aside), the lockfile, this
// script, the build steps it runs and the root package.json; it is written into each dist folder after a
// good build (as a dotfile, which the static file server does not serve), so a failed or partial build is
// never taken for current. It exits when done: `npm start` then execs node on the built server, so the
// running server is one node process (beside npm's own), and none of this script's memory stays with it.
// Reading and hashing a thousand files costs a few hundred milliseconds of every start, so a second, cheap
// fingerprint over the files' paths, sizes and modification times is kept beside the first: when it is
// unchanged the contents are taken as unchanged (as make and ninja do); when it moved, the contents
// decide, so a touched but unchanged file costs one content check and never a rebuild.
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
const STATS_STAMP = '.source-stats';

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

function sourceFiles() {
  return SOURCES.flatMap((source) => {
    const full = join(root, source);
    if (!existsSync(full)) return [];
    return statSync(full).isDirectory() ? [...walk(source)] : [source];
  });
}

/** `content`: every file's bytes; otherwise each file's size and modification time only. */
function fingerprint(files, content) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update('\0');
    if (content) hash.update(readFileSync(join(root, file)));
    else {
      const stat = statSync(join(root, file));
      hash.update(`${stat.size}:${stat.mtimeMs}`);
    }
    hash.update('\0');
  }
  // The build reads these (the version the web app reports): a different value is a different build.
  for (const name of ['VITE_APP_VERSION', 'NODE_ENV']) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

/** What each dist folder recorded after its last good build, or null for a folder without a complete build. */
function recorded(name) {
  return DISTS.map(([dist, built]) => {
    const file = join(root, dist, name);
    return existsSync(file) && existsSync(join(root, dist, built)) ? readFileSync(file, 'utf8').trim() : null;
  });
}

const record = (name, value) => {
  for (const [dist] of DISTS) writeFileSync(join(root, dist, name), `${value}\n`);
};

const started = performance.now();
const files = sourceFiles();
const stats = fingerprint(files, false);
const skipped = (how) =>
  console.log(
    `build: unchanged since the last build, skipped (${how} in ${Math.round(performance.now() - started)} ms)`,
  );
if (
  recorded(STATS_STAMP).every((stamp) => stamp === stats) &&
  recorded(STAMP).every((stamp) => stamp !== null)
) {
  skipped('file times checked');
} else {
  const current = fingerprint(files, true);
  if (recorded(STAMP).every((stamp) => stamp === current)) {
    skipped('contents checked');
  } else {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
    record(STAMP, current);
  }
  record(STATS_STAMP, stats);
}
