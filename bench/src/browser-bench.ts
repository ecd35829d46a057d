/**
 * What the browser benchmarks share: a demo server on a fresh embedded database serving the built apps,
 * a signed-in demo session, Debian's Chromium (never a downloaded one) and a minimal Chrome DevTools
 * Protocol client over `ws` to prepare a page's origin (cache emptied, session stored) before it is measured.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { EndpointResponse } from '@tradehall/contracts';
import { appEndpoints, authEndpoints, roomEndpoints } from '@tradehall/contracts/endpoints';
import WebSocket from 'ws';
import { builtServerArgs } from './built-server.ts';
import { apiClient, captcha, freePort } from './http-helpers.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BenchServer {
  origin: string;
  stop(): Promise<void>;
}

/** The demo server (test mode: the captcha answer comes back in a header, so the bench can log in). */
export async function startServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tradehall-browser-bench-'));
  const child: ChildProcess = spawn(process.execPath, builtServerArgs(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_MODE: 'true',
      TRADEHALL_TEST_MODE: 'true',
      LOG_LEVEL: 'warn',
      // Every cold visit comes from this one address and installs the service worker (which precaches
      // the whole build): a phone's budget of requests per minute would refuse the bench's later runs.
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 2400; attempt++) {
    try {
      if ((await fetch(`${origin}/api/v1${appEndpoints.health.path}`)).ok) return { origin, stop };
    } catch {
      // not up yet
    }
    await new Promise((wait) => setTimeout(wait, 25));
  }
  await stop();
  throw new Error('the server did not become healthy within 60 s');
}

/** The demo user's session, as the login endpoint answers it. */
export type Session = EndpointResponse<typeof authEndpoints.login>;

export async function loginDemo(origin: string): Promise<Session> {
  const api = `${origin}/api/v1`;
  return apiClient(api).call(authEndpoints.login, {
    body: { account: 'demo', password: 'demo123456', ...(await captcha(api)) },
  });
}

export async function firstRoomId(origin: string): Promise<string> {
  const body = await apiClient(`${origin}/api/v1`).call(roomEndpoints.list);
  const id = body.items[0]?.id;
  if (!id) throw new Error('the demo has no room');
  return id;
}

export interface BenchPage {
  name: string;
  /** Hash route of the web app. */
  route: string;
  signedIn: boolean;
}

export async function benchPages(origin: string): Promise<BenchPage[]> {
  return [
    { name: 'login', route: '#/pages/login/index', signedIn: false },
    { name: 'home', route: '#/', signedIn: true },
    {
      name: 'room',
      route: `#/pages/game/rule?room=${encodeURIComponent(await firstRoomId(origin))}`,
      signedIn: true,
    },
    // The page "Enter" opens: the current round, the bet options and the last round (an outside audit
    // of "the room" measured this one).
    {
      name: 'round',
      route: `#/pages/game/game?room=${encodeURIComponent(await firstRoomId(origin))}`,
      signedIn: true,
    },
  ];
}

type Listener = (params: Record<string, unknown>, sessionId: string | undefined) => void;

/** Just enough of the DevTools protocol: commands (optionally on a flattened target session) and events. */
export class Cdp {
  #nextId = 1;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #listeners = new Map<string, Listener[]>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        sessionId?: string;
        result?: unknown;
        error?: { message: string };
      };
      if (message.id !== undefined) {
        const pending = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        if (message.error) pending?.reject(new Error(message.error.message));
        else pending?.resolve(message.result);
      } else if (message.method) {
        for (const listener of this.#listeners.get(message.method) ?? []) {
          listener(message.params ?? {}, message.sessionId);
        }
      }
    });
  }

  static async connect(debugPort: number): Promise<Cdp> {
    const version = (await (await fetch(`http://127.0.0.1:${debugPort}/json/version`)).json()) as {
      webSocketDebuggerUrl: string;
    };
    const socket = new WebSocket(version.webSocketDebuggerUrl);
    await new Promise<void>((done, fail) => {
      socket.once('open', () => done());
      socket.once('error', fail);
    });
    return new Cdp(socket);
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = this.#nextId++;
    const sent = new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: (value) => resolve(value as T), reject });
    });
    this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return sent;
  }

  on(method: string, listener: Listener): void {
    this.#listeners.set(method, [...(this.#listeners.get(method) ?? []), listener]);
  }

  close(): void {
    this.socket.close();
  }

  /** A new tab, attached; returns its session id. */
  async openTab(): Promise<{ sessionId: string; targetId: string }> {
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    return { sessionId, targetId };
  }

  async navigate(sessionId: string, url: string): Promise<void> {
    await this.send('Page.enable', {}, sessionId);
    const loaded = new Promise<void>((done) => {
      const listener: Listener = (_params, from) => {
        if (from === sessionId) done();
      };
      this.on('Page.loadEventFired', listener);
    });
    await this.send('Page.navigate', { url }, sessionId);
    await loaded;
  }
}

/**
 * A cold visit: the HTTP cache, service workers and every storage of the origin emptied, then (signed-in
 * pages) the session stored the way the web app stores it.
 */
export async function prepareOrigin(cdp: Cdp, origin: string, session: Session | null): Promise<void> {
  const { sessionId, targetId } = await cdp.openTab();
  await cdp.send('Network.enable', {}, sessionId);
  await cdp.send('Network.clearBrowserCache', {}, sessionId);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' }, sessionId);
  // A small same-origin document to write localStorage in (not the app, which would fill the cache).
  await cdp.navigate(sessionId, `${origin}/api/v1/health`);
  const script = session
    ? `localStorage.setItem('token', ${JSON.stringify(session.token)});
       localStorage.setItem('userInfo', ${JSON.stringify(JSON.stringify({ username: session.user.username, id: session.user.id }))});
       localStorage.setItem('uid', ${JSON.stringify(session.user.id)});`
    : 'localStorage.clear();';
  await cdp.send('Runtime.evaluate', { expression: script }, sessionId);
  await cdp.send('Target.closeTarget', { targetId });
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
