/**
 * Two gateways in one process sharing a real Redis (TEST_REDIS_URL), plus a node without a gateway
 * (as ROLE=api or scheduler runs it): what one node's services publish reaches the other node's /ws and
 * socket.io clients through the relay channel and the socket.io Redis adapter, exactly once, and the
 * publishing node's own clients get it once too (not again when it comes back from Redis). The
 * process-level version of this, with real ROLE splits, is realtime-multinode.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { type NewMsg, newMsgSchema, WS_CLOSE_UNAUTHENTICATED } from '@tradehall/contracts';
import { Redis } from 'ioredis';
import { io as connectIo, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/platform/logger.ts';
import type { Realtime } from '../src/realtime/realtime.ts';
import { startRealtimeForServices } from '../src/start-realtime.ts';
import { createTestApp, DRIVERS, TEST_REDIS_URL, type TestApp } from './harness.ts';
import { type MoneyUser, quickUser } from './money.ts';
import {
  closedWithin,
  eventually,
  type Frame,
  type RealtimeTestServer,
  startRealtimeTestServer,
  WsTestClient,
} from './realtime-support.ts';
import { roomId, tick } from './trading.ts';

const driver = DRIVERS[0] ?? 'pglite';

describe.runIf(TEST_REDIS_URL)('realtime through Redis between nodes', () => {
  const env = {
    REDIS_URL: TEST_REDIS_URL ?? '',
    REDIS_PREFIX: `tradehall-test-${randomBytes(4).toString('hex')}`,
  };
  const redisClients: Redis[] = [];
  let one: RealtimeTestServer;
  let two: RealtimeTestServer;
  /** A node that serves no clients: its events reach others through Redis only. */
  let emitter: { t: TestApp; realtime: Realtime };
  let userOnTwo: MoneyUser;
  let otherOnTwo: MoneyUser;
  const sockets: Socket[] = [];
  const clients: WsTestClient[] = [];

  const redis = () => {
    const client = new Redis(TEST_REDIS_URL ?? '', { maxRetriesPerRequest: 1 });
    redisClients.push(client);
    return client;
  };

  async function ws(server: RealtimeTestServer, token: string | null = null): Promise<WsTestClient> {
    const client = await WsTestClient.connect(server.wsUrl);
    clients.push(client);
    await client.loggedIn(token);
    return client;
  }

  async function notices(server: RealtimeTestServer, user: MoneyUser) {
    const socket = connectIo(server.httpUrl, {
      auth: { token: user.token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    const messages: NewMsg[] = [];
    socket.on('new_msg', (payload: unknown) =>
      messages.push(newMsgSchema.parse(JSON.parse(String(payload)))),
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, messages };
  }

  beforeAll(async () => {
    one = await startRealtimeTestServer({ driver, env, redis: redis() });
    two = await startRealtimeTestServer({ driver, env, redis: redis() });
    const t = await createTestApp({ driver, env, redis: redis() });
    const realtime = await startRealtimeForServices({
      config: t.config,
      services: t.services,
      clock: t.clock,
      logger: createLogger('silent'),
      redis: redisClients.at(-1) ?? null,
      server: null,
    });
    emitter = { t, realtime };
    userOnTwo = await quickUser(two.t, { prefix: 'two' });
    otherOnTwo = await quickUser(two.t, { prefix: 'other' });
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    for (const client of clients) expect(client.violations).toEqual([]);
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await emitter?.realtime.close();
    await emitter?.t.close();
    await Promise.all(redisClients.map((client) => client.quit()));
  });

  it('delivers one node’s round events to the other node’s subscribers, and to its own, once each', async () => {
    const room = await roomId(one.t, 'normal');
    // Test apps are copies of one seeded template: the rooms are the same on every node.
    expect(await roomId(two.t, 'normal')).toBe(room);
    const onOne = await ws(one);
    const onTwo = await ws(two);
    for (const client of [onOne, onTwo]) await client.sub(`round.${room}`);
    for (const client of [onOne, onTwo]) await client.sub('market');

    await tick(one.t);
    const isOpened = (frame: Frame) => frame.type === 'event' && frame.event === 'round.opened';
    for (const client of [onOne, onTwo]) await client.next(isOpened);
    // A later event through the same path is the sync point for "no second copy".
    one.t.services.events.publishTopic({
      topic: 'market',
      event: 'market.updated',
      data: await one.t.services.market.overview(),
    });
    for (const client of [onOne, onTwo]) {
      await client.next((frame) => frame.type === 'event' && frame.event === 'market.updated');
      expect(client.received(isOpened)).toEqual([]);
    }
  });

  it('delivers a user event published on one node to that user’s connection on the other only', async () => {
    const mine = await ws(two, userOnTwo.token);
    const theirs = await ws(two, otherOnTwo.token);
    for (const client of [mine, theirs]) await client.sub('user');
    one.t.services.events.publishTopic({
      topic: 'user',
      userId: userOnTwo.id,
      event: 'balance.changed',
      data: { balance: 42 },
    });
    one.t.services.events.publishTopic({
      topic: 'user',
      userId: otherOnTwo.id,
      event: 'balance.changed',
      data: { balance: 7 },
    });
    expect(await mine.next((f) => f.type === 'event')).toMatchObject({
      event: 'balance.changed',
      data: { balance: 42 },
    });
    expect(await theirs.next((f) => f.type === 'event')).toMatchObject({ data: { balance: 7 } });
    expect(mine.received((f) => f.type === 'event')).toEqual([]);
  });

  it('closes a user’s connections on the other node when their sessions end on this one', async () => {
    const mine = await ws(two, userOnTwo.token);
    const theirs = await ws(two, otherOnTwo.token);
    const socket = await notices(two, userOnTwo);
    const disconnected = new Promise<string>((resolve) =>
      socket.socket.once('disconnect', (why) => resolve(why)),
    );
    one.t.services.events.publish({ channel: 'disconnect', userId: userOnTwo.id, sessions: { kind: 'all' } });
    expect((await closedWithin(mine)).code).toBe(WS_CLOSE_UNAUTHENTICATED);
    expect(await disconnected).toBe('io server disconnect');
    expect(await theirs.sub('market')).toEqual({ type: 'subscribed', topic: 'market' });
  });

  it('delivers notices published on one node to socket.io clients on the other, to the right users', async () => {
    const mine = await notices(two, userOnTwo);
    const theirs = await notices(two, otherOnTwo);
    one.t.services.events.publish({
      channel: 'notice',
      msg: { type: 'gaogaoasx', content: 'for you', uid: userOnTwo.id },
      userId: userOnTwo.id,
    });
    one.t.services.events.publish({
      channel: 'notice',
      msg: { type: 'gaogaoall', content: 'for all', uid: '' },
      userId: null,
    });
    await eventually('both at mine', () => mine.messages.length === 2);
    await eventually('the announcement at theirs', () => theirs.messages.length === 1);
    expect(mine.messages.map((m) => m.content)).toEqual(['for you', 'for all']);
    expect(theirs.messages.map((m) => m.content)).toEqual(['for all']);
  });

  it('applies a settings change made on one node to the user’s sockets on the other', async () => {
    const mine = await notices(two, userOnTwo);
    const control = await notices(two, otherOnTwo);
    const announce = (content: string) =>
      one.t.services.events.publish({
        channel: 'notice',
        msg: { type: 'gaogaoall', content, uid: '' },
        userId: null,
      });
    one.t.services.events.publish({ channel: 'settings', userId: userOnTwo.id, announcements: false });
    announce('while off');
    await eventually('the control copy', () => control.messages.length === 1);
    one.t.services.events.publish({ channel: 'settings', userId: userOnTwo.id, announcements: true });
    announce('back on');
    await eventually('the second announcement', () => mine.messages.length === 1);
    expect(mine.messages.map((m) => m.content)).toEqual(['back on']);
  });

  it('carries the events of a node without a gateway (ROLE=api, scheduler) to the clients of the others', async () => {
    expect(emitter.realtime.ws).toBeNull();
    const mine = await notices(two, userOnTwo);
    const onTwo = await ws(two, userOnTwo.token);
    await onTwo.sub('user');
    emitter.t.services.events.publish({
      channel: 'notice',
      msg: { type: 'gaogaoasx', content: 'from an api node', uid: userOnTwo.id },
      userId: userOnTwo.id,
    });
    emitter.t.services.events.publishTopic({
      topic: 'user',
      userId: userOnTwo.id,
      event: 'order.updated',
      data: { kind: 'withdrawal', id: userOnTwo.id, status: 'paid' },
    });
    await eventually('the notice', () => mine.messages.length === 1);
    expect(mine.messages[0]).toEqual({ type: 'gaogaoasx', content: 'from an api node', uid: userOnTwo.id });
    expect(await onTwo.next((f) => f.type === 'event')).toMatchObject({
      event: 'order.updated',
      data: { status: 'paid' },
    });
  });
});
