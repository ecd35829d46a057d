/**
 * The user web app. Built with relative asset paths (`base: './'`) so the server can serve it at `/`.
 * The initial JavaScript is the entry, one stable vendor chunk (React, the router, i18n, react-query)
 * that caches across releases and the app's shell, which the HTML preloads side by side, and the current
 * page's chunk, which the entry starts loading first of all. Every other page, every other language, the
 * rest of each message catalogue and the antd-mobile components those pages use (toasts and dialogs
 * included: they load when first shown) load lazily. Text assets are precompressed at build time. Unit
 * tests run under the root vitest.config.ts. Decision 0019 tells why.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { RUNTIME_MODULE_ID } from 'rolldown';
import { defineConfig, type Plugin, runnerImport } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from '../../scripts/precompress.mjs';
import { PREACT_ALIASES } from './preact-aliases.ts';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * What every first screen needs from npm, in one long-cached chunk (one request instead of four): preact
 * (React's API through preact/compat, see preact-aliases.ts), the router, i18next and react-query. The app's own shell is grouped apart (chunkPlan below), so a
 * release that changes the app leaves this chunk in the browser's cache.
 */
const VENDOR =
  /node_modules[\\/](preact|react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack)[\\/]/;

/** The endpoint declarations, which a production build replaces by their methods and paths (below). */
const ENDPOINTS_MODULE = '@tradehall/contracts/endpoints';
const ENDPOINT_ROUTES_ID = '\0tradehall:endpoint-routes';

/** The pages someone opening the app lands on (DESIGN §9 measures them), each one chunk. */
const FIRST_SCREEN_PAGES = {
  login: 'src/features/auth/pages/login-page.tsx',
  home: 'src/features/market/pages/home-page.tsx',
  room: 'src/features/trading/pages/room-page.tsx',
};
const ENTRY = resolve(import.meta.dirname, 'src/main.tsx');

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * What the chunk groups may take: the app's own code, the UI kit, the domain rules and the messages'
 * first-screen parts. The workspace packages are imported through barrels whose every module the graph
 * lists, used or not; the fairness proofs (and their elliptic curves, ~20 KB gzip, for the verify page)
 * and the contracts' zod schemas (login's form checks, ~30 KB) are left to the bundler, which places
 * them by who really uses them.
 */
const GROUPABLE = [
  resolve(import.meta.dirname, 'src'),
  resolve(import.meta.dirname, '../../packages/domain/src'),
  resolve(import.meta.dirname, '../../packages/contracts/src/i18n'),
  // The contract's client and path filler (no schemas: a production build's endpoints are methods and paths).
  resolve(import.meta.dirname, '../../packages/contracts/src/client.ts'),
  resolve(import.meta.dirname, '../../packages/contracts/src/endpoint.ts'),
  ...[
    'antd-mobile',
    'rc-util',
    '@babel/runtime',
    'classnames',
    'ahooks',
    '@react-spring',
    '@use-gesture',
    'tslib',
    '@noble/hashes',
  ].map((name) => `/node_modules/${name}/`),
];
const NOT_GROUPABLE = resolve(import.meta.dirname, '../../packages/domain/src/fairness');
const groupable = (id: string) =>
  id === ENDPOINT_ROUTES_ID || (GROUPABLE.some((path) => id.includes(path)) && !id.includes(NOT_GROUPABLE));

/** Every module `from` imports statically (not through import()), itself included. */
function staticImports(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The first screen in as few requests as possible: a "shell" chunk with what the entry imports and
 * what two of the first-screen pages share, and one chunk per first-screen page with the rest of what
 * it imports. Left to itself the bundler would split the modules those pages share with the other
 * pages (headers, formatters, the kit's button) into a dozen small chunks: a waterfall of round trips
 * on a phone. Other pages that use a module of the home or room chunk load that chunk (a few KB).
 */
function chunkPlan(graph: ModuleGraph): Map<string, string> {
  const plan = new Map<string, string>();
  const pages = Object.entries(FIRST_SCREEN_PAGES).map(
    ([name, page]) => [name, staticImports(graph, resolve(import.meta.dirname, page))] as const,
  );
  const shell = staticImports(graph, ENTRY);
  for (const [, modules] of pages) {
    for (const id of modules) {
      if (pages.filter(([, other]) => other.has(id)).length > 1) shell.add(id);
    }
  }
  for (const id of shell) plan.set(id, 'shell');
  for (const [name, modules] of pages) {
    for (const id of modules) if (!plan.has(id)) plan.set(id, `${name}-page`);
  }
  return plan;
}

let plan: Map<string, string> | null = null;

const CHUNK_GROUPS = [
  // Rolldown's runtime helpers and Vite's preload helper go with the vendor code (every chunk needs them).
  {
    name: 'vendor',
    priority: 2,
    test: (id: string) => VENDOR.test(id) || id === RUNTIME_MODULE_ID || id.includes('vite/preload-helper'),
  },
  {
    name: (id: string, graph: ModuleGraph) => {
      plan ??= chunkPlan(graph);
      return groupable(id) ? (plan.get(id) ?? null) : null;
    },
    debugName: 'first-screen',
    priority: 1,
    // The workspace packages and their libraries (zod for login's form checks) are placed by the
    // bundler by who imports them, not pulled into whichever group reached them first.
    includeDependenciesRecursively: false,
  },
];

/**
 * The top-level namespaces of the message catalogues the first screens show (the shell, login, home, a
 * room, and `errors`, which the API client looks up synchronously when a request fails). Every locale's
 * JSON is cut in two at build time: imported from src/lib/messages/first-screen.ts it is these
 * namespaces, from later.ts the rest. The source files stay whole, as translators and the catalogue
 * tests see them, and outside the build (unit tests) both imports are the whole file. A namespace
 * missing here still works: it arrives with the later part right after the first screen, the page
 * re-renders, and pages outside the first screen wait for it before they open.
 */
const FIRST_SCREEN_NAMESPACES = new Set([
  'app',
  'common',
  'loadError',
  'network',
  'tabs',
  'titles',
  'auth',
  'market',
  'realtime',
  'trading',
  'records',
  'appUpdate',
  'notifications',
  'language',
  'errors',
]);

/**
 * Sub-objects of a first-screen namespace that only pages outside the first screen show: they go with
 * the later part all the same (the later part is merged deeply into the catalogue). The positions check
 * of the verification page is a screenful of sentences in a namespace the room page needs.
 */
const LATER_SUBTREES: ReadonlyArray<readonly [namespace: string, key: string]> = [
  ['trading', 'positionsCheck'],
];

/** The namespace as the first part carries it, or as the later part does: its later sub-objects moved. */
function partOf(namespace: string, value: unknown, firstPart: boolean): unknown {
  const keys = new Set(LATER_SUBTREES.filter(([name]) => name === namespace).map(([, key]) => key));
  if (keys.size === 0 || value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([key]) => keys.has(key) !== firstPart);
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

const PART_OF_IMPORTER = new Map([
  [resolve(import.meta.dirname, 'src/lib/messages/first-screen.ts'), 'first-screen'],
  [resolve(import.meta.dirname, 'src/lib/messages/later.ts'), 'later'],
]);

function catalogueParts(): Plugin {
  return {
    name: 'tradehall:catalogue-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const part = importer ? PART_OF_IMPORTER.get(importer) : undefined;
      if (!part || !source.endsWith('.json')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${resolved.id}?${part}` : null;
    },
    async load(id) {
      const match = /^(.*\.json)\?(first-screen|later)$/.exec(id);
      if (!match?.[1]) return null;
      const file = match[1];
      const firstPart = match[2] === 'first-screen';
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const part = Object.entries(catalogue).flatMap(([namespace, value]): [string, unknown][] => {
        if (FIRST_SCREEN_NAMESPACES.has(namespace) !== firstPart) {
          // A first-screen namespace still gives the later part its later sub-objects.
          const moved = firstPart ? undefined : partOf(namespace, value, false);
          return moved === undefined || moved === value ? [] : [[namespace, moved]];
        }
        const kept = firstPart ? partOf(namespace, value, true) : value;
        return kept === undefined ? [] : [[namespace, kept]];
      });
      // A JSON.parse of a string literal parses faster than the same object literal (V8's advice).
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(Object.fromEntries(part)))});`,
        moduleType: 'js',
      };
    },
  };
}

/**
 * The endpoint declarations as a production build needs them: each endpoint's method and path, without
 * the schemas (which would bring zod and every wire shape into the first screen). The app checks answers
 * against the schemas only in development and tests (lib/api-client.ts), where this plugin is off.
 */
function endpointRoutes(): Plugin {
  return {
    name: 'tradehall:endpoint-routes',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === ENDPOINTS_MODULE ? ENDPOINT_ROUTES_ID : null),
    async load(id) {
      if (id !== ENDPOINT_ROUTES_ID) return null;
      const declarations = resolve(import.meta.dirname, '../../packages/contracts/src/endpoints/index.ts');
      const { module: endpointGroups } = await runnerImport<
        Record<string, Record<string, { method: string; path: string }>>
      >(declarations, { configFile: false });
      const groups = Object.entries(endpointGroups).map(([name, group]) => {
        const routes = Object.fromEntries(
          Object.entries(group).map(([key, { method, path }]) => [key, { method, path }]),
        );
        return `export const ${name} = ${JSON.stringify(routes)};`;
      });
      return { code: groups.join('\n'), moduleType: 'js' };
    },
  };
}

/**
 * The installable app: the web manifest (dark blue theme, the icons of public/icons) and a Workbox
 * service worker that precaches the built app, so the app opens offline (its network notice then says
 * the signal is lost). registerType 'prompt': a new worker waits until the user chooses
 * "Upgrade now" on the app-update page (features/app-update), which activates it and restarts the app.
 * The worker is registered by the app itself (injectRegister false), once the first screen has loaded.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['icons/apple-touch-icon.png'],
  manifest: {
    name: 'Tradehall',
    short_name: 'Tradehall',
    description: 'Trading rooms, top-up and withdrawals on your phone.',
    start_url: './',
    scope: './',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#0b1a3a',
    theme_color: '#0b1a3a',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // Every page chunk, not just the shell: once a new build is deployed the old one's chunks are gone
    // from the server, so a running older build must find every page it may still open in its cache
    // until it upgrades (and offline, every page opens). The .br/.gz copies are left to the browser.
    globPatterns: ['**/*.{js,css,html,png,webmanifest}'],
    globIgnores: ['**/*.br', '**/*.gz'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/console/, /^\/socket\.io/, /^\/ws/],
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig({
  base: './',
  plugins: [endpointRoutes(), catalogueParts(), react(), pwa, precompress()],
  resolve: { alias: PREACT_ALIASES },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
});
