/**
 * The app update of spec §4 from one build to the next, through the service worker: an older build
 * (2.5.2, built here with VITE_APP_VERSION) is served and installed; at start it finds that the server
 * publishes a newer version. The new build is then deployed (the served folder switches, as a release
 * does), and the app-update page shows "new version found" with its content, "downloading" while the new
 * worker installs, then "upgrade now", which activates it and restarts the app on the new build, which
 * says it is the latest version. Both builds are made in temporary folders (the shared dist is untouched).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const repoRoot = resolve(import.meta.dirname, '..');
let root: string;
let live: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

function buildWeb(outDir: string, env: Record<string, string>): void {
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: join(repoRoot, 'apps/web'),
      // The test runner sets NODE_ENV=test, which would make a development build (no service worker).
      env: { ...process.env, NODE_ENV: 'production', ...env },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
}

/** Points the served folder at a build: what a deployment does. */
function deploy(build: string): void {
  rmSync(live, { force: true });
  symlinkSync(build, live);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tradehall-update-'));
  live = join(root, 'live');
  buildWeb(join(root, 'old'), { VITE_APP_VERSION: '2.5.2', VITE_APP_VERSION_CODE: '252' });
  buildWeb(join(root, 'new'), {});
  deploy(join(root, 'old'));
  server = await startServer({ WEB_DIST_DIR: live });
  browser = await launchBrowser();
  context = await phoneContext(browser, server.url);
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`page: ${message.text()}`);
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (live) unlinkSync(live);
  if (root) rmSync(root, { recursive: true, force: true });
});

const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);

describe('app update through the service worker (390x844)', () => {
  it('installs the app, then finds the newer published version at start', async () => {
    await page.goto('/#/');
    // The worker registers once the page has loaded and takes control from the next load on.
    await expect
      .poll(
        () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state),
        {
          timeout: 30_000,
        },
      )
      .toBe('activated');
    await page.reload();
    await expect.poll(controlled, { timeout: 15_000 }).toBe(true);
    const notice = page.getByTestId('update-notice');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain('New version 2.5.3 found');
  });

  it('opens offline from the installed shell with the network notice', async () => {
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('network-lost').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('network-lost').textContent()).toBe(
      'Network signal lost, please check your connection',
    );
    await context.setOffline(false);
  });

  it('downloads the deployed build, upgrades on request and restarts on it', async () => {
    deploy(join(root, 'new'));
    await page.goto('/#/pages/app-update/index');
    await page.getByTestId('app-update-current').waitFor();
    expect(await page.getByTestId('app-update-current').textContent()).toBe('Current version 2.5.2');
    await page.getByTestId('app-update-available').waitFor();
    expect(await page.getByRole('heading', { name: 'New version 2.5.3 found' }).count()).toBe(1);
    expect(await page.getByTestId('app-update-content').textContent()).toContain('Version 2.5.3');
    const upgrade = page.getByTestId('app-update-upgrade');
    await upgrade.waitFor({ timeout: 30_000 });
    const restarted = page.waitForEvent('load', { timeout: 30_000 });
    await upgrade.click();
    await restarted;
    await page.getByTestId('app-update-latest').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('app-update-current').textContent()).toBe('Current version 2.5.3');
    expect(await page.getByTestId('app-update-latest').textContent()).toBe('You are on the latest version');
    expect(await page.getByTestId('update-notice').count()).toBe(0);
  });
});
