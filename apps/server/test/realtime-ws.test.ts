/**
 * /ws protocol conformance with a raw `ws` client against a server listening on loopback (spec §4 and
 * §7, DESIGN §7): the login frame and its welcome, sub/unsub on every topic, events to subscribers only
 * (a user's events to that user only), and every error path: bad JSON, an unknown command, a bad login
 * frame, an unknown topic, commands before login, `user` without a token, a bad token, a disconnected
 * user. Every frame the server sends is checked against the contract's schema. Errors come in the
 * login's language. Nothing a client sends takes the server down.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { marketOverviewSchema, translateShared, WS_CLOSE_UNAUTHENTICATED } from '@tradehall/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DRIVERS } from './harness.ts';
import { type MoneyUser, quickUser } from './money.ts';
import {
  closedWithin,
  type Frame,
  type RealtimeTestServer,
  startRealtimeTestServer,
  WsTestClient,
} from './realtime-support.ts';
import { type RoundRecord, roomId, roundsOf, stepTo, tick } from './trading.ts';

const isEvent = (name: string) => (frame: Frame) => frame.type === 'event' && frame.event === name;

describe.each(DRIVERS)('the /ws protocol on %s', (driver) => {
  let server: RealtimeTestServer;
  let normal: string;
  let vip: string;
  let alice: MoneyUser;
  let bob: MoneyUser;
  const clients: WsTestClient[] = [];

  async function connect(headers: Record<string, string> = {}): Promise<WsTestClient> {
    const client = await WsTestClient.connect(server.wsUrl, headers);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    server = await startRealtimeTestServer({ driver });
    normal = await roomId(server.t, 'normal');
    vip = await roomId(server.t, 'vip');
    alice = await quickUser(server.t, { prefix: 'alice' });
    bob = await quickUser(server.t, { prefix: 'bob' });
  });
  afterEach(async () => {
    for (const client of clients) expect(client.violations).toEqual([]);
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers an anonymous login with a welcome carrying the server clock', async () => {
    const client = await connect();
    const welcome = await client.loggedIn();
    expect(welcome).toEqual({
      type: 'welcome',
      authenticated: false,
      serverTime: Math.floor(server.t.clock.now().getTime() / 1000),
    });
  });

  it('authenticates a login with a live session token', async () => {
    const client = await connect();
    expect(await client.loggedIn(alice.token)).toMatchObject({ type: 'welcome', authenticated: true });
    // A bare token (no "Bearer ") is accepted too.
    const bare = await connect();
    bare.send({
      type: 'login',
      client_name: 'x',
      client_id: 'y',
      Accept_language: 'en',
      Authorization: alice.token,
    });
    expect(await bare.next()).toMatchObject({ type: 'welcome', authenticated: true });
  });

  it('closes with 4401 on a login with a token that is not a live session', async () => {
    const client = await connect();
    client.login('not-a-real-token');
    expect(await client.next()).toMatchObject({ type: 'error', code: 'UNAUTHENTICATED' });
    expect((await closedWithin(client)).code).toBe(WS_CLOSE_UNAUTHENTICATED);
  });

  it('refuses sub and unsub before the login, keeping the socket open', async () => {
    const client = await connect();
    expect(await client.sub('market')).toMatchObject({ type: 'error', code: 'UNAUTHENTICATED' });
    expect(await client.unsub('market')).toMatchObject({ type: 'error', code: 'UNAUTHENTICATED' });
    await client.loggedIn();
    expect(await client.sub('market')).toEqual({ type: 'subscribed', topic: 'market' });
  });

  it('answers unparseable JSON with MALFORMED_JSON and keeps serving', async () => {
    const client = await connect();
    await client.loggedIn();
    client.send('{"cmd": "sub", ');
    expect(await client.next()).toEqual({
      type: 'error',
      code: 'MALFORMED_JSON',
      message: translateShared('en', 'errors.MALFORMED_JSON'),
    });
    expect(await client.sub('market')).toEqual({ type: 'subscribed', topic: 'market' });
  });

  it.each([
    ['an unknown cmd', { cmd: 'dance', msg: 'market' }],
    ['a sub without a topic', { cmd: 'sub' }],
    ['a topic that is not a string', { cmd: 'sub', msg: 42 }],
    ['no cmd at all', { hello: 'world' }],
    ['an array', ['sub', 'market']],
    ['a bare number', 42],
    ['null', null],
  ])('answers %s with UNKNOWN_COMMAND', async (_label, frame) => {
    const client = await connect();
    await client.loggedIn();
    client.send(frame);
    expect(await client.next()).toMatchObject({ type: 'error', code: 'UNKNOWN_COMMAND' });
  });

  it('answers a login frame with missing or oversized fields with VALIDATION_FAILED', async () => {
    const client = await connect();
    client.send({ type: 'login', client_name: 'x' });
    expect(await client.next()).toMatchObject({ type: 'error', code: 'VALIDATION_FAILED' });
    client.send({
      type: 'login',
      client_name: 'x'.repeat(65),
      client_id: '',
      Accept_language: '',
      Authorization: '',
    });
    expect(await client.next()).toMatchObject({ type: 'error', code: 'VALIDATION_FAILED' });
    // Still not logged in.
    expect(await client.sub('market')).toMatchObject({ type: 'error', code: 'UNAUTHENTICATED' });
  });

  it.each([
    ['a topic nobody serves', 'weather'],
    ['a round topic without a room', 'round.'],
    ['a round topic naming no uuid', 'round.normal'],
    ['a round topic of a room that does not exist', `round.${randomUUID()}`],
  ])('answers a sub to %s with UNKNOWN_TOPIC', async (_label, topic) => {
    const client = await connect();
    await client.loggedIn();
    expect(await client.sub(topic)).toMatchObject({ type: 'error', code: 'UNKNOWN_TOPIC' });
  });

  it('answers an unsub of an unknown topic with UNKNOWN_TOPIC, and of a known one not subscribed with unsubscribed', async () => {
    const client = await connect();
    await client.loggedIn();
    expect(await client.unsub('weather')).toMatchObject({ type: 'error', code: 'UNKNOWN_TOPIC' });
    expect(await client.unsub('market')).toEqual({ type: 'unsubscribed', topic: 'market' });
  });

  it('closes with 4401 when an anonymous connection subscribes to user', async () => {
    const client = await connect();
    await client.loggedIn();
    expect(await client.sub('user')).toMatchObject({ type: 'error', code: 'UNAUTHENTICATED' });
    expect((await closedWithin(client)).code).toBe(WS_CLOSE_UNAUTHENTICATED);
  });

  it('sends errors in the language of the login frame, and before it in the upgrade’s Accept-Language', async () => {
    const client = await connect({ 'accept-language': 'ja-JP,ja;q=0.9' });
    client.send('nope');
    expect(await client.next()).toEqual({
      type: 'error',
      code: 'MALFORMED_JSON',
      message: translateShared('jp', 'errors.MALFORMED_JSON'),
    });
    await client.loggedIn(null, 'vi');
    expect(await client.sub('weather')).toEqual({
      type: 'error',
      code: 'UNKNOWN_TOPIC',
      message: translateShared('vi', 'errors.UNKNOWN_TOPIC'),
    });
    expect(translateShared('vi', 'errors.UNKNOWN_TOPIC')).not.toBe(
      translateShared('en', 'errors.UNKNOWN_TOPIC'),
    );
  });

  it('delivers round events to the subscribers of that room only, until they unsubscribe', async () => {
    const [inNormal, alsoNormal, inVip, nowhere] = await Promise.all([
      connect(),
      connect(),
      connect(),
      connect(),
    ]);
    for (const client of [inNormal, alsoNormal, inVip, nowhere]) await client.loggedIn();
    expect(await inNormal.sub(`round.${normal}`)).toEqual({ type: 'subscribed', topic: `round.${normal}` });
    // Subscribing twice is harmless: one subscription, one copy of each event.
    expect(await inNormal.sub(`round.${normal}`)).toEqual({ type: 'subscribed', topic: `round.${normal}` });
    await alsoNormal.sub(`round.${normal}`);
    await inVip.sub(`round.${vip}`);

    await tick(server.t);
    const opened = await inNormal.next(isEvent('round.opened'));
    const round = (opened.data as { round: { id: string; roomId: string; sealsAt: number } }).round;
    expect(opened).toMatchObject({ topic: `round.${normal}`, at: expect.any(Number) });
    expect(round.roomId).toBe(normal);
    const openedVip = await inVip.next(isEvent('round.opened'));
    expect(openedVip.topic).toBe(`round.${vip}`);
    await alsoNormal.next(isEvent('round.opened'));

    expect(await alsoNormal.unsub(`round.${normal}`)).toEqual({
      type: 'unsubscribed',
      topic: `round.${normal}`,
    });
    const current = (await roundsOf(server.t, normal)).find((r) => r.id === round.id) as RoundRecord;
    await stepTo(server.t, current.sealsAt);
    const sealed = await inNormal.next(isEvent('round.sealed'));
    expect(sealed).toMatchObject({
      topic: `round.${normal}`,
      data: { round: { id: round.id, status: 'sealed' } },
    });
    // inVip's room sealed at the same time: its sealed event is the sync point for the "nothing" checks.
    await inVip.next(isEvent('round.sealed'));
    expect(inNormal.received(isEvent('round.opened'))).toEqual([]);
    expect(alsoNormal.received(isEvent('round.sealed'))).toEqual([]);
    expect(nowhere.received((frame) => frame.type === 'event')).toEqual([]);
    expect(inVip.received((frame) => frame.type === 'event' && frame.topic !== `round.${vip}`)).toEqual([]);
  });

  it('frames events of every length class correctly (under 64 KiB and over it)', async () => {
    const current = async () => (await server.t.services.rooms.get(normal, null)).currentRound;
    if (!(await current())) await tick(server.t);
    const view = await current();
    if (!view) throw new Error('no round to publish');
    const client = await connect();
    await client.loggedIn();
    await client.sub(`round.${normal}`);
    for (const saltLength of [10, 60_000, 70_000, 300_000]) {
      const data = { round: { ...view, salt: 's'.repeat(saltLength) } };
      server.t.services.events.publishTopic({ topic: `round.${normal}`, event: 'round.opened', data });
      const frame = await client.next(isEvent('round.opened'));
      expect((frame.data as { round: { salt: string } }).round.salt).toHaveLength(saltLength);
    }
  });

  it('delivers market events to market subscribers', async () => {
    const client = await connect();
    await client.loggedIn();
    await client.sub('market');
    const overview = marketOverviewSchema.parse(await server.t.services.market.overview());
    server.t.services.events.publishTopic({ topic: 'market', event: 'market.updated', data: overview });
    expect(await client.next(isEvent('market.updated'))).toMatchObject({ topic: 'market', data: overview });
  });

  it('delivers a user’s events to that user’s subscribed connections only, without the routing id', async () => {
    const [aliceOne, aliceTwo, aliceUnsubscribed, bobs] = await Promise.all([
      connect(),
      connect(),
      connect(),
      connect(),
    ]);
    for (const client of [aliceOne, aliceTwo, aliceUnsubscribed]) await client.loggedIn(alice.token);
    await bobs.loggedIn(bob.token);
    for (const client of [aliceOne, aliceTwo, bobs]) {
      expect(await client.sub('user')).toEqual({ type: 'subscribed', topic: 'user' });
    }
    const publish = (userId: string, balance: number) =>
      server.t.services.events.publishTopic({
        topic: 'user',
        userId,
        event: 'balance.changed',
        data: { balance },
      });
    publish(alice.id, 1234);
    publish(bob.id, 999);
    for (const client of [aliceOne, aliceTwo]) {
      const frame = await client.next(isEvent('balance.changed'));
      expect(frame).toEqual({
        type: 'event',
        at: expect.any(Number),
        topic: 'user',
        event: 'balance.changed',
        data: { balance: 1234 },
      });
    }
    expect(await bobs.next(isEvent('balance.changed'))).toMatchObject({ data: { balance: 999 } });
    expect(aliceOne.received(isEvent('balance.changed'))).toEqual([]);
    expect(aliceUnsubscribed.received(isEvent('balance.changed'))).toEqual([]);

    await aliceTwo.unsub('user');
    server.t.services.events.publishTopic({
      topic: 'user',
      userId: alice.id,
      event: 'order.updated',
      data: { kind: 'deposit', id: randomUUID(), status: 'approved' },
    });
    expect(await aliceOne.next(isEvent('order.updated'))).toMatchObject({
      data: { kind: 'deposit', status: 'approved' },
    });
    expect(aliceTwo.received(isEvent('order.updated'))).toEqual([]);
  });

  it('drops the user topic when a later login changes who is logged in', async () => {
    const client = await connect();
    await client.loggedIn(alice.token);
    await client.sub('user');
    await client.loggedIn(null);
    server.t.services.events.publishTopic({
      topic: 'user',
      userId: alice.id,
      event: 'balance.changed',
      data: { balance: 1 },
    });
    // A market event published after it is the sync point: had the user event been sent, it came first.
    await client.sub('market');
    const overview = await server.t.services.market.overview();
    server.t.services.events.publishTopic({ topic: 'market', event: 'market.updated', data: overview });
    await client.next(isEvent('market.updated'));
    expect(client.received(isEvent('balance.changed'))).toEqual([]);
  });

  it('closes every /ws connection of a user whose sessions ended, with 4401, and no one else’s', async () => {
    const [first, second, other] = await Promise.all([connect(), connect(), connect()]);
    await first.loggedIn(alice.token);
    await second.loggedIn(alice.token);
    await other.loggedIn(bob.token);
    server.t.services.events.publish({ channel: 'disconnect', userId: alice.id, sessions: { kind: 'all' } });
    expect((await closedWithin(first)).code).toBe(WS_CLOSE_UNAUTHENTICATED);
    expect((await closedWithin(second)).code).toBe(WS_CLOSE_UNAUTHENTICATED);
    expect(await other.sub('market')).toEqual({ type: 'subscribed', topic: 'market' });
  });

  it('survives anything a client sends: binary frames, invalid UTF-8, huge numbers, deep nesting', async () => {
    const client = await connect();
    await client.loggedIn();
    client.socket.send(Buffer.from([0xff, 0xfe, 0x00, 0x01]), { binary: true });
    client.send(`{"cmd":"sub","msg":"${'\\u0000'.repeat(10)}"}`);
    client.send('['.repeat(500) + ']'.repeat(500));
    client.send('{"type":"login","client_name":1e999}');
    client.send('"\\ud800"');
    for (let i = 0; i < 5; i += 1) await client.next((frame) => frame.type === 'error');
    expect(await client.sub('market')).toEqual({ type: 'subscribed', topic: 'market' });
  });

  it('refuses upgrades on other paths at once, and keeps serving /ws', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const upgrade = request(`${server.httpUrl}/not-ws`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      });
      upgrade.on('response', (response) => resolve(response.statusCode ?? 0));
      upgrade.on('upgrade', () => reject(new Error('upgraded')));
      upgrade.on('error', reject);
      upgrade.end();
    });
    expect(status).toBe(404);
    const client = await connect();
    await client.loggedIn();
  });

  it('refuses a plain HTTP request to /ws without an upgrade like any unknown route', async () => {
    const response = await fetch(`${server.httpUrl}/ws`);
    expect(response.status).toBe(404);
    const raw = new WebSocket(server.wsUrl);
    await new Promise((resolve) => raw.once('open', resolve));
    raw.close();
  });
});
