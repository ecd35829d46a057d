/**
 * Realtime through a Redis outage: two gateways (nodes) sharing a redis-server this suite starts,
 * SIGKILLs and restarts itself. While Redis is gone each node keeps delivering its own events to its own
 * clients (/ws topics, socket.io notices, settings and disconnections) and accepts new connections;
 * once Redis is back the nodes hear each other again (relay and socket.io adapter subscriptions
 * restored), each event still reaching each client once. No unhandled rejection along the way.
 */
import { type NewMsg, newMsgSchema, WS_CLOSE_UNAUTHENTICATED } from '@tradehall/contracts';
import type { Redis } from 'ioredis';
import { io as connectIo, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/platform/logger.ts';
import { createRedis } from '../src/platform/redis.ts';
import { type MoneyUser, quickUser } from './money.ts';
import {
  closedWithin,
  eventually,
  type Frame,
  type RealtimeTestServer,
  startRealtimeTestServer,
  WsTestClient,
} from './realtime-support.ts';
import { allReady, noneReady, TestRedisServer } from './redis-faults-support.ts';

const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => {
  unhandled.push(reason);
};

describe('realtime through a Redis outage (two nodes)', () => {
  let redis: TestRedisServer;
  const clients: Redis[] = [];
  let one: RealtimeTestServer;
  let two: RealtimeTestServer;
  let userOnOne: MoneyUser;
  let userOnTwo: MoneyUser;
  let otherOnTwo: MoneyUser;
  const sockets: Socket[] = [];
  const wsClients: WsTestClient[] = [];

  async function ws(server: RealtimeTestServer, token: string | null = null): Promise<WsTestClient> {
    const client = await WsTestClient.connect(server.wsUrl);
    wsClients.push(client);
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

  /** The home figures as the contract has them, marked through todayVolume to tell events apart. */
  let overview: Awaited<ReturnType<RealtimeTestServer['t']['services']['market']['overview']>>;
  const market = (server: RealtimeTestServer, marker: number) =>
    server.t.services.events.publishTopic({
      topic: 'market',
      event: 'market.updated',
      data: { ...overview, todayVolume: marker },
    });
  const isMarket = (marker: number) => (frame: Frame) =>
    frame.type === 'event' &&
    frame.event === 'market.updated' &&
    (frame.data as { todayVolume?: number }).todayVolume === marker;
  const notice = (server: RealtimeTestServer, user: MoneyUser, content: string) =>
    server.t.services.events.publish({
      channel: 'notice',
      msg: { type: 'gaogaoasx', content, uid: user.id },
      userId: user.id,
    });
  const announce = (server: RealtimeTestServer, content: string) =>
    server.t.services.events.publish({
      channel: 'notice',
      msg: { type: 'gaogaoall', content, uid: '' },
      userId: null,
    });

  beforeAll(async () => {
    process.on('unhandledRejection', recordUnhandled);
    redis = await TestRedisServer.start();
    const env = { REDIS_URL: redis.url, REDIS_PREFIX: 'tradehall-faults' };
    const logger = createLogger('silent');
    // Each node's shared client made as main.ts makes it; startRealtimeForServices opens the others.
    for (const name of ['one', 'two']) clients.push(createRedis(redis.url, logger, `faults-${name}`));
    await allReady(clients);
    one = await startRealtimeTestServer({ driver: 'pglite', env, redis: clients[0] ?? null });
    two = await startRealtimeTestServer({ driver: 'pglite', env, redis: clients[1] ?? null });
    userOnOne = await quickUser(one.t, { prefix: 'one' });
    userOnTwo = await quickUser(two.t, { prefix: 'two' });
    otherOnTwo = await quickUser(two.t, { prefix: 'other' });
    overview = await one.t.services.market.overview();
  }, 60_000);

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    for (const client of wsClients) expect(client.violations).toEqual([]);
    await Promise.all(wsClients.splice(0).map((client) => client.close()));
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    for (const client of clients) client.disconnect();
    await redis?.kill();
    process.off('unhandledRejection', recordUnhandled);
  }, 30_000);

  it('delivers each node’s own events to its own clients while Redis is down, and across nodes again after', async () => {
    const onOne = await ws(one);
    const onTwo = await ws(two);
    for (const client of [onOne, onTwo]) await client.sub('market');
    const userWs = await ws(two, userOnTwo.token);
    await userWs.sub('user');
    const mine = await notices(two, userOnTwo);
    const onOneNotices = await notices(one, userOnOne);

    // Up: across nodes.
    market(one, 1);
    for (const client of [onOne, onTwo]) await client.next(isMarket(1));

    await redis.kill();
    await noneReady(clients);

    // Down: each node's own clients, /ws topics and socket.io notices.
    market(one, 2);
    await onOne.next(isMarket(2));
    market(two, 3);
    await onTwo.next(isMarket(3));
    two.t.services.events.publishTopic({
      topic: 'user',
      userId: userOnTwo.id,
      event: 'balance.changed',
      data: { balance: 42 },
    });
    expect(await userWs.next((f) => f.type === 'event' && f.event === 'balance.changed')).toMatchObject({
      data: { balance: 42 },
    });
    notice(two, userOnTwo, 'while down');
    announce(one, 'announced on one while down');
    await eventually('the notice on two', () => mine.messages.some((m) => m.content === 'while down'));
    await eventually('the announcement on one', () =>
      onOneNotices.messages.some((m) => m.content === 'announced on one while down'),
    );
    // New connections are served too: they need the database, not Redis.
    const late = await ws(two, otherOnTwo.token);
    expect(await late.sub('user')).toEqual({ type: 'subscribed', topic: 'user' });
    const lateNotices = await notices(two, otherOnTwo);
    notice(two, otherOnTwo, 'to a socket connected while down');
    await eventually('the notice to the late socket', () => lateNotices.messages.length === 1);

    // Back: across nodes again, in both directions, once each.
    await redis.restart();
    await allReady(clients);
    let marker = 100;
    await eventually(
      'one’s events to reach two',
      async () => {
        marker += 1;
        market(one, marker);
        try {
          await onTwo.next(isMarket(marker), 300);
          return true;
        } catch {
          return false;
        }
      },
      15_000,
    );
    await eventually(
      'two’s events to reach one',
      async () => {
        marker += 1;
        market(two, marker);
        try {
          await onOne.next(isMarket(marker), 300);
          return true;
        } catch {
          return false;
        }
      },
      15_000,
    );
    let attempt = 0;
    await eventually(
      'one’s notices to reach a socket on two',
      async () => {
        attempt += 1;
        notice(one, userOnTwo, `after ${attempt}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        return mine.messages.some((m) => m.content.startsWith('after '));
      },
      15_000,
    );
    // Once each: a marked event from one, then a second one as the sync point for "no second copy".
    market(one, 1_000);
    market(one, 1_001);
    for (const client of [onOne, onTwo]) {
      await client.next(isMarket(1_000));
      await client.next(isMarket(1_001));
      expect(client.received(isMarket(1_000))).toEqual([]);
    }
    expect(unhandled).toEqual([]);
  }, 90_000);

  it('applies settings and disconnections to a node’s own sockets while Redis is down', async () => {
    await allReady(clients);
    const mine = await notices(two, userOnTwo);
    const control = await notices(two, otherOnTwo);
    const mineWs = await ws(two, userOnTwo.token);
    await redis.kill();
    await noneReady(clients);

    two.t.services.events.publish({ channel: 'settings', userId: userOnTwo.id, announcements: false });
    announce(two, 'while off');
    await eventually('the control copy', () => control.messages.length === 1);
    expect(mine.messages).toEqual([]);
    two.t.services.events.publish({ channel: 'settings', userId: userOnTwo.id, announcements: true });
    announce(two, 'back on');
    await eventually('the second announcement', () => mine.messages.length === 1);
    expect(mine.messages.map((m) => m.content)).toEqual(['back on']);

    const disconnected = new Promise<string>((resolve) =>
      mine.socket.once('disconnect', (why) => resolve(why)),
    );
    two.t.services.events.publish({ channel: 'disconnect', userId: userOnTwo.id, sessions: { kind: 'all' } });
    expect((await closedWithin(mineWs)).code).toBe(WS_CLOSE_UNAUTHENTICATED);
    expect(await disconnected).toBe('io server disconnect');
    expect(control.socket.connected).toBe(true);

    await redis.restart();
    await allReady(clients);
    expect(unhandled).toEqual([]);
  }, 60_000);
});
