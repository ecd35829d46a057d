/**
 * Reconnecting, end to end at 390x844 with short rounds (8 s, sealed for the last 3, drawing 1 s): a
 * user watches the round page; the server restarts (stopped, then started on the same port and data);
 * the page shows the "network signal lost" notice, reconnects to /ws within one 3 s check of the server
 * being back, logs in and subscribes to the room's round topic again, clears the notice, and follows
 * the next round pushed to it, all without a reload.
 */

import { roomEndpoints } from '@tradehall/contracts/endpoints';
import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiClient, loginUser, registerUser } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { signedInUserContext } from './support/console.ts';
import { createRestartableServer, type RestartableServer } from './support/restartable-server.ts';

/** The client's reconnect check (spec §9), and room for the connect and login round trip on a busy CI box. */
const RECONNECT_CHECK_MS = 3_000;
const ROUND_TRIP_ALLOWANCE_MS = 1_500;

interface Frame {
  at: number;
  data: Record<string, unknown>;
}

/** One /ws connection as the browser made it: when, and every JSON frame each way. */
interface Connection {
  openedAt: number;
  sent: Frame[];
  received: Frame[];
  closed: boolean;
}

let server: RestartableServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let session: ApiSession;
let roomId: string;
const connections: Connection[] = [];
const account = `reconnect_${Date.now().toString(36)}`;

function record(socket: WebSocket): void {
  if (!new URL(socket.url()).pathname.endsWith('/ws')) return;
  const connection: Connection = { openedAt: Date.now(), sent: [], received: [], closed: false };
  connections.push(connection);
  const parse = (payload: string | Buffer): Record<string, unknown> | null => {
    try {
      return JSON.parse(String(payload)) as Record<string, unknown>;
    } catch {
      return null;
    }
  };
  socket.on('framesent', ({ payload }) => {
    const data = parse(payload);
    if (data) connection.sent.push({ at: Date.now(), data });
  });
  socket.on('framereceived', ({ payload }) => {
    const data = parse(payload);
    if (data) connection.received.push({ at: Date.now(), data });
  });
  socket.on('close', () => {
    connection.closed = true;
  });
}

const topic = () => `round.${roomId}`;
const subscribedOn = (connection: Connection | undefined) =>
  connection?.sent.find((frame) => frame.data.cmd === 'sub' && frame.data.msg === topic());

beforeAll(async () => {
  server = await createRestartableServer({
    ROUND_SECONDS_OVERRIDE: '8',
    SEALED_SECONDS_OVERRIDE: '3',
    DRAWING_SECONDS_OVERRIDE: '1',
  });
  await server.start();
  await registerUser(server.url, account, 'secret123');
  session = await loginUser(server.url, account, 'secret123');
  const rooms = await apiClient(server.url).call(roomEndpoints.list);
  const normal = rooms.items.find((room) => room.tier === 'normal');
  if (!normal) throw new Error('no normal room');
  roomId = normal.id;
  browser = await launchBrowser();
  context = await signedInUserContext(browser, server.url, session);
  page = await context.newPage();
  page.on('websocket', record);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.dispose();
});

describe('a server restart at 390x844', () => {
  it('watches the round page over /ws', async () => {
    await page.goto(`/#/pages/game/game?room=${roomId}`);
    await page.getByTestId('round-status').first().waitFor();
    await expect.poll(() => subscribedOn(connections[0]) !== undefined, { timeout: 15_000 }).toBe(true);
    const first = connections[0];
    expect(first?.sent[0]?.data).toMatchObject({
      type: 'login',
      client_name: 'tradehall-web',
      Accept_language: 'en',
      Authorization: `Bearer ${session.token}`,
    });
    expect(await page.getByTestId('network-lost').count()).toBe(0);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
  });

  it('says the network signal is lost while the server is down', async () => {
    await server.stop();
    await expect.poll(() => connections[0]?.closed, { timeout: 10_000 }).toBe(true);
    await page.getByTestId('network-lost').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.getByTestId('network-lost').textContent()).toBe(
      'Network signal lost, please check your connection',
    );
  });

  it('reconnects within one 3 s check of the server being back, logs in and resubscribes first', async () => {
    const before = connections.length;
    await server.start();
    const backAt = Date.now();
    await expect
      .poll(() => connections.slice(before).some((connection) => subscribedOn(connection)), {
        timeout: RECONNECT_CHECK_MS + ROUND_TRIP_ALLOWANCE_MS + 5_000,
        interval: 50,
      })
      .toBe(true);
    const connection = connections.slice(before).find((candidate) => subscribedOn(candidate));
    const subscribed = subscribedOn(connection);
    if (!subscribed) throw new Error('no subscription on the new connection');
    console.info(`resubscribed ${subscribed.at - backAt} ms after the server was back`);
    expect(subscribed.at - backAt).toBeLessThanOrEqual(RECONNECT_CHECK_MS + ROUND_TRIP_ALLOWANCE_MS);
    // Login first, with the session, then the room's topic again.
    expect(connection?.sent[0]?.data).toMatchObject({
      type: 'login',
      Authorization: `Bearer ${session.token}`,
    });
    expect(
      connection?.received.some((frame) => frame.data.type === 'welcome' && frame.data.authenticated),
    ).toBe(true);
    await page.getByTestId('network-lost').waitFor({ state: 'detached', timeout: 5_000 });
  });

  it('receives the next round over the new connection and shows it without a reload', async () => {
    const connection = connections.at(-1);
    const opened = () =>
      connection?.received.find(
        (frame) =>
          frame.data.type === 'event' && frame.data.topic === topic() && frame.data.event === 'round.opened',
      );
    await expect.poll(() => opened() !== undefined, { timeout: 30_000, interval: 100 }).toBe(true);
    const frame = opened();
    if (!frame) throw new Error('no round.opened event arrived');
    const round = (frame.data.data as { round: { issue: string } }).round;
    // The page takes the new round over once the last result has had its moment on screen.
    await expect
      .poll(() => page.getByTestId('round-issue').first().textContent(), { timeout: 15_000 })
      .toBe(`Issue ${round.issue}`);
    await expect
      .poll(() => page.getByTestId('round-status').first().getAttribute('data-status'))
      .toMatch(/open|sealed|drawing|settled/);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    expect(await page.getByTestId('network-lost').count()).toBe(0);
  });
});
