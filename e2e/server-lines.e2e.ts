/**
 * Server lines, end to end at 390x844: two server processes on one PostgreSQL database, each publishing
 * both as its lines (SERVER_LINES). A logged-in user opens Server lines from My account, sees both lines
 * timed, one of them in use; the manual addition form answers each bad address with its own message in
 * every language. Line 1 (the one that served the page) stops; the user switches to line 2 and carries on
 * logged in: My account loads from line 2, /ws and socket.io reconnect there and a notice sent through
 * line 2 pops up.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { adminNotificationEndpoints } from '@tradehall/contracts/endpoints';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiClient, loginOperator, loginUser, registerUser } from './support/api.ts';
import { launchBrowser, PHONE, phoneContext } from './support/browser.ts';
import { createSharedDatabase, type SharedDatabase } from './support/shared-database.ts';
import {
  freePort,
  type ServerOutput,
  spawnHealthyServer,
  stopServerProcess,
} from './support/spawn-server.ts';

const LOCALES = ['en', 'zh-cn', 'zh-hk', 'jp', 'kr', 'vi', 'th', 'ydn'] as const;
const account = `lines_${Date.now().toString(36)}`;

interface Line {
  url: string;
  child: ChildProcess;
  dataDir: string;
  output: ServerOutput;
}

let database: SharedDatabase;
let line1: Line;
let line2: Line;
let browser: Browser;
let session: ApiSession;
const contexts: BrowserContext[] = [];

async function startLine(port: number, env: Record<string, string>): Promise<Line> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tradehall-lines-'));
  const output: ServerOutput = { text: '' };
  const child = await spawnHealthyServer({ port, dataDir, env, output });
  return { url: `http://127.0.0.1:${port}`, child, dataDir, output };
}

async function stopLine(line: Line | undefined): Promise<void> {
  if (!line) return;
  await stopServerProcess(line.child);
  rmSync(line.dataDir, { recursive: true, force: true });
}

/** The server-lines texts of one locale, read from the web app's own locale file. */
function texts(locale: string): { errors: Record<string, string> } {
  const file = resolve(import.meta.dirname, `../apps/web/src/locales/${locale}.json`);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as {
    serverLines: { errors: Record<string, string> };
  };
  return parsed.serverLines;
}

async function phone(locale = 'en'): Promise<Page> {
  const context = await phoneContext(browser, line1.url);
  contexts.push(context);
  await context.addInitScript(
    ({ token, user, locale: chosen }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', JSON.stringify({ username: user.username, id: user.id }));
      localStorage.setItem('uid', user.id);
      localStorage.setItem('locale', chosen);
    },
    { token: session.token, user: session.user, locale },
  );
  return context.newPage();
}

const notify = (baseUrl: string, operator: string, content: string) =>
  apiClient(baseUrl, operator).call(adminNotificationEndpoints.send, {
    body: { audience: 'user', account, title: 'Line check', content },
  });

async function confirmReminder(page: Page, content: string): Promise<void> {
  await expect
    .poll(() => page.getByTestId('reminder-content').textContent(), { timeout: 15_000 })
    .toBe(content);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('reminder-content').waitFor({ state: 'detached' });
}

const fieldError = (page: Page) => page.locator('.line-form .field__error');
const noSideways = (page: Page) =>
  page.evaluate((width) => document.documentElement.scrollWidth <= width, PHONE.width);

beforeAll(async () => {
  database = await createSharedDatabase('tradehall_lines');
  const [port1, port2] = [await freePort(), await freePort()];
  const env = {
    DATABASE_URL: database.url,
    SERVER_LINES: `Line 1=http://127.0.0.1:${port1},Line 2=http://127.0.0.1:${port2}`,
  };
  // One after the other: the first creates the schema and the demo data, the second finds them.
  line1 = await startLine(port1, env);
  line2 = await startLine(port2, env);
  await registerUser(line1.url, account, 'secret123');
  session = await loginUser(line1.url, account, 'secret123');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stopLine(line1);
  await stopLine(line2);
  await database?.drop();
});

describe('server lines at 390x844', () => {
  it('answers every bad address with its own message, in all 8 languages, without sideways scrolling', async () => {
    for (const locale of LOCALES) {
      const page = await phone(locale);
      const { errors } = texts(locale);
      await page.goto('/#/pages/server-lines/index');
      await page.getByTestId('line-2').waitFor();
      await page.getByTestId('line-submit').click();
      await expect.poll(() => fieldError(page).textContent()).toBe(errors.required);
      await page.getByTestId('line-url').fill('ftp://line.example.com');
      await page.getByTestId('line-submit').click();
      await expect.poll(() => fieldError(page).textContent()).toBe(errors.invalid);
      await page.getByTestId('line-url').fill(`${line2.url}/api/v1`);
      await page.getByTestId('line-submit').click();
      await expect.poll(() => fieldError(page).textContent()).toBe(errors.path);
      await page.getByTestId('line-url').fill(`${line2.url}/`);
      await page.getByTestId('line-submit').click();
      await expect.poll(() => fieldError(page).textContent()).toBe(errors.duplicate);
      expect(await noSideways(page), locale).toBe(true);
      await page.context().close();
    }
  });

  it('lists both lines timed from the phone, picks one on first start, and switches to line 2 once line 1 stops', async () => {
    const page = await phone();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    page.on('console', (message) => {
      if (message.type() === 'error') console.error(`page: ${message.text()}`);
    });
    await page.goto('/#/pages/mine/index');
    await expect.poll(() => page.getByTestId('mine-nickname').textContent()).toBe(account);
    await page.getByTestId('mine-server-lines').click();

    const row1 = page.getByTestId('line-1');
    const row2 = page.getByTestId('line-2');
    await row2.waitFor({ timeout: 30_000 });
    await expect.poll(() => row1.getByTestId('line-latency').textContent()).toMatch(/^\d+ ms$/);
    await expect.poll(() => row2.getByTestId('line-latency').textContent()).toMatch(/^\d+ ms$/);
    expect(await row1.textContent()).toContain('Line 1');
    expect(await row2.textContent()).toContain('Line 2');
    // First start: nothing was chosen, so the faster line was taken and is marked.
    await expect.poll(() => page.getByTestId('line-in-use').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('serverLine'))).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+$/,
    );

    // A line added by hand that nothing answers on: listed, unreachable, not chosen when tapped.
    const unused = `http://127.0.0.1:${await freePort()}`;
    await page.getByTestId('line-url').fill(unused);
    await page.getByTestId('line-submit').click();
    const row3 = page.getByTestId('line-3');
    await expect.poll(() => row3.getAttribute('data-origin')).toBe(unused);
    await expect.poll(() => row3.getByTestId('line-latency').textContent()).toBe('Unreachable');
    await row3.locator('label').click();
    expect(await row3.getByTestId('line-in-use').count()).toBe(0);
    await row3.getByTestId('line-remove').click();
    await expect.poll(() => page.getByTestId('line-3').count()).toBe(0);

    // The user works on line 1, the server that served the page.
    await row1.locator('label').click();
    await expect.poll(() => row1.getByTestId('line-in-use').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('serverLine'))).toBe(line1.url);
    expect(await noSideways(page)).toBe(true);
    // A notice through line 1 while it is up (this also loads the Reminder dialog, which, like every
    // page chunk, the installed app would otherwise take from its service worker's cache).
    const operator = await loginOperator(line1.url);
    await notify(line1.url, operator, 'Hello from line 1');
    await confirmReminder(page, 'Hello from line 1');

    await stopServerProcess(line1.child);
    await page.getByTestId('lines-retest').click();
    await expect.poll(() => row1.getByTestId('line-latency').textContent()).toBe('Unreachable');
    await expect.poll(() => row2.getByTestId('line-latency').textContent()).toMatch(/^\d+ ms$/);

    await row2.locator('label').click();
    await expect.poll(() => row2.getByTestId('line-in-use').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('serverLine'))).toBe(line2.url);

    // Still logged in, now through line 2 (the page itself stays the one line 1 served).
    await page.evaluate(() => {
      window.location.hash = '#/pages/mine/index';
    });
    await expect.poll(() => page.getByTestId('mine-nickname').textContent()).toBe(account);
    const wsOn2 = `${line2.url.replace('http', 'ws')}/ws`;
    await expect.poll(() => sockets.includes(wsOn2), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => sockets.some((url) => url.startsWith(`${line2.url.replace('http', 'ws')}/socket.io/`)), {
        timeout: 15_000,
      })
      .toBe(true);

    // A notice sent through line 2 reaches the phone over socket.io on line 2 (the operator's session,
    // opened on line 1, is good there too: one database).
    await notify(line2.url, operator, 'Hello from line 2');
    await confirmReminder(page, 'Hello from line 2');
  });
});
