/**
 * Helpers for the realtime suites: the test app listening on loopback with the gateway attached exactly
 * as main.ts attaches it (and a second node of it on the same database), and a raw `ws` client that
 * checks every frame it receives against the contract's server-frame schema and lets a test wait for
 * frames and for the close.
 */
import { type NewMsg, newMsgSchema, type WsServerFrame, wsServerFrameSchema } from '@tradehall/contracts';
import type { Redis } from 'ioredis';
import { io as connectIo, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { createLogger } from '../src/platform/logger.ts';
import type { Realtime } from '../src/realtime/realtime.ts';
import { createServices } from '../src/services.ts';
import { startRealtimeForServices } from '../src/start-realtime.ts';
import { createTestApp, type DriverName, type TestApp } from './harness.ts';

export interface RealtimeTestServer {
  t: TestApp;
  realtime: Realtime;
  /** http://127.0.0.1:<port> */
  httpUrl: string;
  /** ws://127.0.0.1:<port>/ws */
  wsUrl: string;
  close(): Promise<void>;
}

export async function startRealtimeTestServer(options: {
  driver: DriverName;
  env?: Record<string, string>;
  redis?: Redis | null;
}): Promise<RealtimeTestServer> {
  const t = await createTestApp({
    driver: options.driver,
    env: options.env ?? {},
    redis: options.redis ?? null,
  });
  return listenWithRealtime(t, options.redis ?? null);
}

/**
 * Another node of the same deployment: its own services, app, session cache and gateway on `first`'s
 * database and clock, with its own Redis client (give it one of its own, as another process has).
 * Closing it leaves the database to `first`.
 */
export async function startRealtimeNodeBeside(
  first: RealtimeTestServer,
  redis: Redis,
): Promise<RealtimeTestServer> {
  const logger = createLogger('silent');
  const { config, database, clock, hasher, mailer } = first.t;
  const services = createServices({ config, database, clock, hasher, mailer, logger });
  const { app } = await buildApp({ config, services, logger, redis });
  await app.ready();
  return listenWithRealtime({ ...first.t, app, services, close: () => app.close() }, redis);
}

async function listenWithRealtime(t: TestApp, redis: Redis | null): Promise<RealtimeTestServer> {
  const realtime = await startRealtimeForServices({
    config: t.config,
    services: t.services,
    clock: t.clock,
    logger: createLogger('silent'),
    redis,
    server: t.app.server,
  });
  return listenOn(t, realtime);
}

/** The test app listening on loopback, with `realtime` already started on its HTTP server. */
export async function listenOn(t: TestApp, realtime: Realtime): Promise<RealtimeTestServer> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const httpUrl = `http://127.0.0.1:${address.port}`;
  return {
    t,
    realtime,
    httpUrl,
    wsUrl: `ws://127.0.0.1:${address.port}/ws`,
    async close() {
      await realtime.close();
      await t.close();
    },
  };
}

export interface Closed {
  code: number;
  reason: string;
}

/** A frame received, parsed as JSON (validated against the contract by the client). */
export type Frame = WsServerFrame & Record<string, unknown>;

export class WsTestClient {
  /** Frames received and not yet taken by next(). */
  readonly #inbox: Frame[] = [];
  readonly #waiters = new Set<() => void>();
  /** Frames that did not match the contract (a conformance failure the suites assert is empty). */
  readonly violations: string[] = [];
  readonly closed: Promise<Closed>;
  #closedWith: Closed | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        this.violations.push(`not JSON: ${text}`);
        return;
      }
      const checked = wsServerFrameSchema.safeParse(value);
      if (!checked.success) this.violations.push(`not a server frame: ${text}`);
      this.#inbox.push(value as Frame);
      this.wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.#closedWith = { code, reason: reason.toString() };
        resolve(this.#closedWith);
        this.wake();
      });
    });
  }

  static async connect(url: string, headers: Record<string, string> = {}): Promise<WsTestClient> {
    const socket = new WebSocket(url, { headers });
    const client = new WsTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.on('error', () => undefined);
    return client;
  }

  get isClosed(): boolean {
    return this.#closedWith !== null;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  login(token: string | null = null, language = 'en'): void {
    this.send({
      type: 'login',
      client_name: 'vitest',
      client_id: 'test-client',
      Accept_language: language,
      Authorization: token ? `Bearer ${token}` : '',
    });
  }

  /** Logs in and waits for the welcome. */
  async loggedIn(token: string | null = null, language = 'en'): Promise<Frame> {
    this.login(token, language);
    return this.next((frame) => frame.type === 'welcome');
  }

  /** Subscribes and waits for the answer (subscribed, or the error frame). */
  async sub(topic: string): Promise<Frame> {
    this.send({ cmd: 'sub', msg: topic });
    return this.next(
      (frame) => frame.type === 'error' || (frame.type === 'subscribed' && frame.topic === topic),
    );
  }

  async unsub(topic: string): Promise<Frame> {
    this.send({ cmd: 'unsub', msg: topic });
    return this.next(
      (frame) => frame.type === 'error' || (frame.type === 'unsubscribed' && frame.topic === topic),
    );
  }

  /** The first received frame that matches (earlier non-matching frames stay for later calls). */
  async next(match: (frame: Frame) => boolean = () => true, timeoutMs = 5_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.#inbox.findIndex(match);
      if (index !== -1) {
        const [frame] = this.#inbox.splice(index, 1);
        if (frame) return frame;
      }
      if (this.#closedWith) throw new Error(`closed (${this.#closedWith.code}) before the frame arrived`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching frame within ${timeoutMs} ms; inbox ${JSON.stringify(this.#inbox)}`);
      await this.wait(left);
    }
  }

  /** The frames received so far that match, without waiting (for "nothing arrived" checks). */
  received(match: (frame: Frame) => boolean): Frame[] {
    return this.#inbox.filter(match);
  }

  async close(): Promise<void> {
    if (this.#closedWith) return;
    this.socket.close();
    await this.closed;
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#waiters.add(done);
    });
  }

  private wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}

export interface NoticeTestClient {
  socket: Socket;
  /** Every `new_msg` received, decoded and checked against the contract. */
  messages: NewMsg[];
  /** Resolves with the reason the socket was disconnected for. */
  disconnected: Promise<string>;
}

/**
 * A socket.io client of the notices (websocket transport, no reconnection), once connected; rejects with
 * the connect_error when the server refuses it.
 */
export async function connectNotices(httpUrl: string, token: string): Promise<NoticeTestClient> {
  const socket = connectIo(httpUrl, {
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  const messages: NewMsg[] = [];
  socket.on('new_msg', (payload: unknown) => messages.push(newMsgSchema.parse(JSON.parse(String(payload)))));
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (why) => resolve(why)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
  return { socket, messages, disconnected };
}

/** Resolves with how the socket closed, failing after a deadline. */
export async function closedWithin(client: WsTestClient, timeoutMs = 5_000): Promise<Closed> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not closed within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([client.closed, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls until check passes (no fixed sleeps). */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
