// The server's build (part of `npm run build`): apps/server/src/main.ts and what it imports from
// packages/domain and packages/contracts, bundled by esbuild into one ES module,
// apps/server/dist/main.js, with its source map beside it (and the liabilities worker thread's module,
// dist/liabilities-worker.js, a second entry). Every other package stays an import of
// node_modules, loaded by node as installed (native modules, PGlite's wasm and the files packages read
// beside themselves keep working). Run it with `node --enable-source-maps apps/server/dist/main.js`:
// no transpiler at run time, and stack traces name the TypeScript lines. Decision 0033 says why a
// bundle and not tsc's per-file emit.
import { rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
// Another folder (under the repository, so node finds node_modules from it) for the build's own test.
const outdir = process.argv[2] ? resolve(process.argv[2]) : join(root, 'apps/server/dist');

/**
 * Installed packages compiled into the bundle: pure JavaScript that reads no file beside itself and
 * loads nothing by path, shipped as hundreds of small modules each of which node would otherwise
 * resolve, read and compile at every start (kysely alone is ~0.2 s of it). zod goes with the zod type
 * provider so that there is one zod. An allowlist, so a package that reads its own files stays out.
 */
const BUNDLED_PACKAGES = [
  'kysely',
  'zod',
  'fastify-type-provider-zod',
  '@noble/curves',
  '@noble/hashes',
  'otpauth',
];
const bundled = (path) => BUNDLED_PACKAGES.some((name) => path === name || path.startsWith(`${name}/`));

/** Bare imports of other installed packages stay imports; the workspace's own packages are compiled in. */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tradehall/') || bundled(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  // The liabilities worker is a second entry: a worker thread loads its own module, found beside
  // main.js at run time (apps/server/src/modules/liabilities/liabilities-worker-client.ts).
  entryPoints: {
    main: 'apps/server/src/main.ts',
    'liabilities-worker': 'apps/server/src/modules/liabilities/liabilities-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // Source paths in the map are relative to it; the sources themselves are not embedded (they are in
  // the repository beside it).
  sourcesContent: false,
  // Names kept: logs and errors print class names (e.g. ConfigError) as in the sources.
  keepNames: true,
  plugins: [installedPackagesExternal],
  logLevel: 'warning',
  metafile: true,
});
const inputs = Object.keys(result.metafile.inputs).length;
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `server: ${inputs} modules -> ${relative(root, join(outdir, 'main.js'))} and liabilities-worker.js (${(bytes / 1024).toFixed(0)} KiB with their maps) ` +
    `in ${Math.round(performance.now() - started)} ms`,
);
