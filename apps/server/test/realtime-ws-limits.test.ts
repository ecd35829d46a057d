/**
 * /ws keepalive and per-connection limits, with short intervals and low limits from configuration:
 * the server pings, a client that answers stays, a silent one is closed with 4408; a message over the
 * size limit closes with 1009; over the rate limit a client is told RATE_LIMITED and, if it keeps on,
 * closed with 4429; a shutdown closes clients with 1001 and lets the HTTP server close.
 */
import { WS_CLOSE_PING_TIMEOUT, WS_CLOSE_RATE_LIMITED } from '@tradehall/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from './harness.ts';
import {
  closedWithin,
  eventually,
  type RealtimeTestServer,
  startRealtimeTestServer,
  WsTestClient,
} from './realtime-support.ts';

const driver = DRIVERS[0] ?? 'pglite';

describe('/ws keepalive', () => {
  let server: RealtimeTestServer;
  const clients: WsTestClient[] = [];
  beforeAll(async () => {
    server = await startRealtimeTestServer({
      driver,
      env: { WS_PING_INTERVAL_MS: '100', WS_PONG_TIMEOUT_MS: '400' },
    });
  });
  afterEach(async () => {
    for (const client of clients) expect(client.violations).toEqual([]);
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('pings every client; one that answers with pong stays, a silent one is closed with 4408', async () => {
    const answering = await WsTestClient.connect(server.wsUrl);
    const silent = await WsTestClient.connect(server.wsUrl);
    clients.push(answering, silent);
    let pongs = 0;
    answering.socket.on('message', (data) => {
      if (JSON.parse(data.toString()).type === 'ping') {
        answering.send({ cmd: 'pong' });
        pongs += 1;
      }
    });
    await answering.loggedIn();
    await silent.loggedIn();
    await silent.next((frame) => frame.type === 'ping');

    const started = Date.now();
    const closed = await closedWithin(silent, 3_000);
    expect(closed.code).toBe(WS_CLOSE_PING_TIMEOUT);
    // Closed once the timeout passed, not before.
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    // The answering client outlives several timeouts.
    await eventually('15 pings answered', () => pongs >= 15, 5_000);
    expect(answering.isClosed).toBe(false);
    expect(await answering.sub('market')).toEqual({ type: 'subscribed', topic: 'market' });
  });

  it('closes a connection that never logs in once the timeout passes', async () => {
    const mute = await WsTestClient.connect(server.wsUrl);
    clients.push(mute);
    expect((await closedWithin(mute, 3_000)).code).toBe(WS_CLOSE_PING_TIMEOUT);
  });
});

describe('/ws message limits', () => {
  let server: RealtimeTestServer;
  const clients: WsTestClient[] = [];
  beforeAll(async () => {
    server = await startRealtimeTestServer({
      driver,
      env: { WS_MAX_MESSAGE_BYTES: '256', WS_MESSAGES_PER_SECOND: '5' },
    });
  });
  afterEach(async () => {
    for (const client of clients) expect(client.violations).toEqual([]);
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('closes with 1009 on a message over the size limit, and serves one just under it', async () => {
    const client = await WsTestClient.connect(server.wsUrl);
    clients.push(client);
    await client.loggedIn();
    const under = JSON.stringify({ cmd: 'sub', msg: 'x'.repeat(100) });
    expect(Buffer.byteLength(under)).toBeLessThanOrEqual(256);
    client.send(under);
    expect(await client.next()).toMatchObject({ type: 'error', code: 'UNKNOWN_TOPIC' });
    client.send({ cmd: 'sub', msg: 'x'.repeat(300) });
    expect((await closedWithin(client)).code).toBe(1009);
  });

  it('serves a client within its rate', async () => {
    const client = await WsTestClient.connect(server.wsUrl);
    clients.push(client);
    await client.loggedIn();
    for (let i = 0; i < 4; i += 1) client.send({ cmd: 'sub', msg: 'market' });
    for (let i = 0; i < 4; i += 1)
      expect(await client.next()).toEqual({ type: 'subscribed', topic: 'market' });
  });

  it('answers the first message over the rate with RATE_LIMITED, and closes a client that keeps on with 4429', async () => {
    const client = await WsTestClient.connect(server.wsUrl);
    clients.push(client);
    await client.loggedIn();
    for (let i = 0; i < 20; i += 1) client.send({ cmd: 'sub', msg: 'market' });
    expect((await closedWithin(client)).code).toBe(WS_CLOSE_RATE_LIMITED);
    // The frames over the budget were never served; the flood ended the connection before the rest.
    expect(client.received((frame) => frame.type === 'error')).toEqual([
      expect.objectContaining({ code: 'RATE_LIMITED' }),
    ]);
  });
});

describe('/ws on shutdown', () => {
  it('closes clients with 1001 and lets the HTTP server close', async () => {
    const server = await startRealtimeTestServer({ driver });
    const clients = await Promise.all([0, 1, 2].map(() => WsTestClient.connect(server.wsUrl)));
    for (const client of clients) await client.loggedIn();
    await server.realtime.close();
    for (const client of clients) expect((await closedWithin(client)).code).toBe(1001);
    await server.t.close();
  });
});
