/**
 * What the first screen really loads, against DESIGN §9 and the first-screen budget: the login, home and
 * room pages are opened cold in Chromium (a demo server this script starts; home and room signed in) and
 * every script and stylesheet the browser asked for before the page was usable is counted: requests, and
 * bytes gzip-compressed (level 9 from the built file, so the figure does not depend on which encoding the
 * browser negotiated). Usable = the app's first-screen mark (apps/web/src/lib/first-screen.ts: the first
 * page rendered and painted); the browser's own Resource Timing says when each request started. What is
 * fetched after it (until the network is quiet for QUIET_MS: the rest of the messages, the notices
 * socket, the service worker) is printed beside it as "later", not counted against the bar.
 * Bars: JS ≤ 120 KB gzip in ≤ 6 requests, CSS ≤ 25 KB. Beside it, the same measure of a bare React 19 +
 * react-router + i18next page built with the same Vite (the stack decision 0019 measured), and of the same
 * page on preact/compat, the runtime the web app ships on (decision 0021): the floor any page starts from.
 * Run after `npm run build`: `npm run bench:bundle` (VERBOSE=1 lists the files).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { build } from 'vite';
import { PREACT_ALIASES } from '../../apps/web/preact-aliases.ts';
import {
  benchPages,
  Cdp,
  CHROME_FLAGS,
  CHROMIUM_PATH,
  loginDemo,
  prepareOrigin,
  repoRoot,
  startServer,
} from './browser-bench.ts';

const JS_BAR_KB = 120;
const JS_REQUEST_BAR = 6;
const CSS_BAR_KB = 25;
const QUIET_MS = 1500;
const FIRST_SCREEN_MARK = 'tradehall:first-screen';
const MARK_TIMEOUT_MS = 60_000;
const dist = resolve(repoRoot, 'apps/web/dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Loaded {
  js: string[];
  css: string[];
}

interface PageLoads {
  /** Asked for before the first-screen mark. */
  first: Loaded;
  /** Asked for after it, until the network was quiet. */
  later: Loaded;
}

const pick = (paths: string[]): Loaded => ({
  js: paths.filter((path) => path.endsWith('.js')),
  css: paths.filter((path) => path.endsWith('.css')),
});

/**
 * Opens url in a new tab, waits for the app's first-screen mark and then for a quiet network, and splits
 * the same-origin scripts and stylesheets by whether their request started before the mark.
 */
async function firstScreen(cdp: Cdp, url: string): Promise<PageLoads> {
  const { sessionId, targetId } = await cdp.openTab();
  let lastActivity = performance.now();
  let pending = 0;
  cdp.on('Network.requestWillBeSent', (_params, from) => {
    if (from !== sessionId) return;
    pending++;
    lastActivity = performance.now();
  });
  const settle = (_params: Record<string, unknown>, from: string | undefined) => {
    if (from !== sessionId) return;
    pending = Math.max(0, pending - 1);
    lastActivity = performance.now();
  };
  cdp.on('Network.loadingFinished', settle);
  cdp.on('Network.loadingFailed', settle);
  await cdp.send('Network.enable', {}, sessionId);
  await cdp.navigate(sessionId, url);
  const evaluate = async <T>(expression: string): Promise<T> => {
    const { result } = await cdp.send<{ result: { value: T } }>(
      'Runtime.evaluate',
      { expression, returnByValue: true },
      sessionId,
    );
    return result.value;
  };
  const markStarted = performance.now();
  while (
    !(await evaluate<boolean>(
      `performance.getEntriesByName(${JSON.stringify(FIRST_SCREEN_MARK)}).length > 0`,
    ))
  ) {
    if (performance.now() - markStarted > MARK_TIMEOUT_MS) throw new Error(`${url}: no first-screen mark`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
  // Long-lived requests (the realtime sockets) never finish: quiet means no new request nor answer.
  while (
    performance.now() - lastActivity < QUIET_MS ||
    (pending > 2 && performance.now() - lastActivity < 5000)
  ) {
    await new Promise((wait) => setTimeout(wait, 100));
  }
  const { mark, resources } = await evaluate<{
    mark: number;
    resources: Array<{ name: string; startTime: number }>;
  }>(`({
    mark: performance.getEntriesByName(${JSON.stringify(FIRST_SCREEN_MARK)})[0].startTime,
    resources: performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, startTime: entry.startTime })),
  })`);
  await cdp.send('Target.closeTarget', { targetId });
  const origin = new URL(url).origin;
  const assets = resources.filter((entry) => new URL(entry.name).origin === origin);
  const path = (entry: { name: string }) => new URL(entry.name).pathname;
  return {
    first: pick(assets.filter((entry) => entry.startTime < mark).map(path)),
    later: pick(assets.filter((entry) => entry.startTime >= mark).map(path)),
  };
}

const gzipped = (root: string, urlPath: string) =>
  gzipSync(readFileSync(join(root, urlPath.replace(/^\//, ''))), { level: 9 }).length;

function report(name: string, root: string, loaded: Loaded, later?: Loaded): boolean {
  const js = loaded.js.reduce((sum, file) => sum + gzipped(root, file), 0);
  const css = loaded.css.reduce((sum, file) => sum + gzipped(root, file), 0);
  const pass = js <= JS_BAR_KB * 1024 && loaded.js.length <= JS_REQUEST_BAR && css <= CSS_BAR_KB * 1024;
  const afterwards = later
    ? `   later: JS ${kb(later.js.reduce((sum, file) => sum + gzipped(root, file), 0))} in ${later.js.length}`
    : '';
  console.log(
    `${name.padEnd(20)} JS ${kb(js).padStart(9)} gzip in ${String(loaded.js.length).padStart(2)} requests   CSS ${kb(css).padStart(8)} in ${loaded.css.length}  ${pass ? 'PASS' : 'FAIL'}${afterwards}`,
  );
  if (process.env.VERBOSE) {
    for (const file of [...loaded.js, ...loaded.css])
      console.log(`    ${kb(gzipped(root, file)).padStart(9)}  ${file}`);
    for (const file of [...(later?.js ?? []), ...(later?.css ?? [])])
      console.log(`    ${kb(gzipped(root, file)).padStart(9)}  ${file} (later)`);
  }
  return pass;
}

/**
 * A bare React 19 + react-router + i18next page, built by the web app's Vite into a temporary folder; with
 * `preact`, the same page with the web app's aliases (react and react-dom resolved to preact/compat).
 */
async function buildBareApp(root: string, runtime: 'react' | 'preact'): Promise<void> {
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(root, 'main.tsx'),
    `import i18next from 'i18next';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createHashRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { hello: 'Hello' } } } });
function Page() { const { t } = useTranslation(); return createElement('h1', null, t('hello')); }
const router = createHashRouter([{ path: '/', Component: Page }]);
createRoot(document.getElementById('root') as HTMLElement).render(createElement(RouterProvider, { router }));
`,
  );
  await build({
    root,
    base: './',
    logLevel: 'error',
    configFile: false,
    resolve: runtime === 'preact' ? { alias: PREACT_ALIASES } : {},
    cacheDir: join(root, '.vite'),
    build: { outDir: join(root, 'dist'), target: 'es2022', emptyOutDir: true },
  });
}

/** The bare page's files, named as the browser would fetch them (every script of its dist). */
function bareLoaded(root: string): Loaded {
  const assets = readdirSync(join(root, 'dist/assets'));
  return {
    js: assets.filter((file) => file.endsWith('.js')).map((file) => `/assets/${file}`),
    css: assets.filter((file) => file.endsWith('.css')).map((file) => `/assets/${file}`),
  };
}

const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
let pass = true;
// Inside the repository's node_modules (ignored by git) so the bare page resolves the same packages.
mkdirSync(resolve(repoRoot, 'node_modules/.cache'), { recursive: true });
const bareRoot = mkdtempSync(resolve(repoRoot, 'node_modules/.cache/tradehall-bare-'));
const barePreactRoot = mkdtempSync(resolve(repoRoot, 'node_modules/.cache/tradehall-bare-preact-'));
try {
  const cdp = await Cdp.connect(chrome.port);
  const session = await loginDemo(server.origin);
  console.log(
    `first screen, until the page is usable (bar: JS ≤ ${JS_BAR_KB} KB gzip in ≤ ${JS_REQUEST_BAR} requests, CSS ≤ ${CSS_BAR_KB} KB); later = after it, until quiet for ${QUIET_MS} ms`,
  );
  for (const page of await benchPages(server.origin)) {
    await prepareOrigin(cdp, server.origin, page.signedIn ? session : null);
    const loads = await firstScreen(cdp, `${server.origin}/${page.route}`);
    pass = report(page.name, dist, loads.first, loads.later) && pass;
  }
  cdp.close();
  await buildBareApp(bareRoot, 'react');
  report('bare React+router+i18n', join(bareRoot, 'dist'), bareLoaded(bareRoot));
  await buildBareApp(barePreactRoot, 'preact');
  report('bare preact+router+i18n', join(barePreactRoot, 'dist'), bareLoaded(barePreactRoot));
} finally {
  chrome.kill();
  await server.stop();
  rmSync(bareRoot, { recursive: true, force: true });
  rmSync(barePreactRoot, { recursive: true, force: true });
}
process.exitCode = pass ? 0 : 1;
