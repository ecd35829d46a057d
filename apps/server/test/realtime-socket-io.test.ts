/**
 * socket.io notices with socket.io-client against a server listening on loopback (DESIGN §7): the
 * socket authenticates with the session token (an unauthenticated one is refused with a connect_error);
 * `new_msg` carries a JSON text {type, content, uid}; `gaogaoall` reaches every client, `gaogaoasx` only
 * the addressed user's; a user who turned announcements off gets none, at once when they change the
 * setting; a user whose sessions ended is disconnected. Both transports work next to /ws on one server.
 */
import { type NewMsg, newMsgSchema } from '@tradehall/contracts';
import { io as connectIo, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, DRIVERS } from './harness.ts';
import { type MoneyUser, operatorToken, quickUser } from './money.ts';
import {
  eventually,
  type RealtimeTestServer,
  startRealtimeTestServer,
  WsTestClient,
} from './realtime-support.ts';

interface NoticeClient {
  socket: Socket;
  /** Every new_msg payload received, decoded (after checking it is text). */
  messages: NewMsg[];
}

describe.each(DRIVERS)('socket.io notices on %s', (driver) => {
  let server: RealtimeTestServer;
  let alice: MoneyUser;
  let bob: MoneyUser;
  let carol: MoneyUser;
  const sockets: Socket[] = [];

  function open(token: string | null, transports: Array<'polling' | 'websocket'> = ['websocket']): Socket {
    const socket = connectIo(server.httpUrl, {
      auth: token === null ? {} : { token },
      transports,
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  }

  async function connect(
    user: MoneyUser,
    transports?: Array<'polling' | 'websocket'>,
  ): Promise<NoticeClient> {
    const socket = open(user.token, transports);
    const client: NoticeClient = { socket, messages: [] };
    socket.on('new_msg', (payload: unknown) => {
      expect(typeof payload).toBe('string');
      client.messages.push(newMsgSchema.parse(JSON.parse(String(payload))));
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return client;
  }

  const notice = (msg: NewMsg, userId: string | null) =>
    server.t.services.events.publish({ channel: 'notice', msg, userId });

  beforeAll(async () => {
    server = await startRealtimeTestServer({ driver });
    alice = await quickUser(server.t, { prefix: 'alice' });
    bob = await quickUser(server.t, { prefix: 'bob' });
    carol = await quickUser(server.t, { prefix: 'carol' });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a socket without a token, or with one that is not a session, with a connect_error', async () => {
    for (const token of [null, '', 'forged-token']) {
      const socket = open(token);
      const error = await new Promise<Error & { data?: unknown }>((resolve) =>
        socket.once('connect_error', resolve),
      );
      expect(error.message).toBe('UNAUTHENTICATED');
      expect(error.data).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in again' });
      expect(socket.connected).toBe(false);
    }
  });

  it('delivers gaogaoall to every client, as JSON text', async () => {
    const clients = await Promise.all([connect(alice), connect(bob), connect(carol), connect(alice)]);
    notice({ type: 'gaogaoall', content: 'Maintenance at 02:00', uid: '' }, null);
    for (const client of clients) {
      await eventually('the announcement', () => client.messages.length === 1, 5_000);
      expect(client.messages).toEqual([{ type: 'gaogaoall', content: 'Maintenance at 02:00', uid: '' }]);
    }
  });

  it('delivers gaogaoasx only to the addressed user’s sockets', async () => {
    const [aliceOne, aliceTwo, bobs, carols] = await Promise.all([
      connect(alice),
      connect(alice),
      connect(bob),
      connect(carol),
    ]);
    notice({ type: 'gaogaoasx', content: 'Your withdrawal was paid', uid: alice.id }, alice.id);
    // An announcement after it: once it has arrived everywhere, the personal one would have too.
    notice({ type: 'gaogaoall', content: 'sync', uid: '' }, null);
    for (const client of [aliceOne, aliceTwo, bobs, carols]) {
      await eventually(
        'the sync announcement',
        () => client.messages.some((m) => m.content === 'sync'),
        5_000,
      );
    }
    for (const client of [aliceOne, aliceTwo]) {
      expect(client.messages[0]).toEqual({
        type: 'gaogaoasx',
        content: 'Your withdrawal was paid',
        uid: alice.id,
      });
    }
    for (const client of [bobs, carols]) {
      expect(client.messages.filter((m) => m.type === 'gaogaoasx')).toEqual([]);
    }
  });

  it('sends an operator’s notification from POST /admin/notifications to the right sockets', async () => {
    const operator = await operatorToken(server.t);
    const [alices, bobs] = await Promise.all([connect(alice), connect(bob)]);
    const sent = await call(server.t, 'POST', '/admin/notifications', {
      token: operator,
      body: { audience: 'user', account: alice.account, title: 'Hello', content: '<b>not html</b>' },
    });
    expect(sent.status).toBe(201);
    const everyone = await call(server.t, 'POST', '/admin/notifications', {
      token: operator,
      body: { audience: 'all', title: 'All', content: 'for everyone' },
    });
    expect(everyone.status).toBe(201);
    await eventually('both notices at alice', () => alices.messages.length === 2, 5_000);
    await eventually('the announcement at bob', () => bobs.messages.length === 1, 5_000);
    expect(alices.messages.map((m) => [m.type, m.uid])).toEqual([
      ['gaogaoasx', alice.id],
      ['gaogaoall', ''],
    ]);
    expect(alices.messages[0]?.content).toContain('<b>not html</b>');
    expect(bobs.messages.map((m) => m.type)).toEqual(['gaogaoall']);
  });

  it('honours the announcements setting at connect and the moment it changes', async () => {
    const dave = await quickUser(server.t, { prefix: 'dave' });
    const setAnnouncements = async (on: boolean) => {
      const response = await call(server.t, 'PUT', '/notification-settings', {
        token: dave.token,
        body: { announcement: on },
      });
      expect(response.status).toBe(200);
    };
    await setAnnouncements(false);
    const [daves, control] = await Promise.all([connect(dave), connect(bob)]);
    notice({ type: 'gaogaoall', content: 'first', uid: '' }, null);
    await eventually('the control copy', () => control.messages.length === 1, 5_000);
    // Personal messages still arrive with announcements off.
    notice({ type: 'gaogaoasx', content: 'personal', uid: dave.id }, dave.id);
    await eventually('the personal message', () => daves.messages.length === 1, 5_000);
    expect(daves.messages.map((m) => m.content)).toEqual(['personal']);

    await setAnnouncements(true);
    notice({ type: 'gaogaoall', content: 'second', uid: '' }, null);
    await eventually('the second announcement', () => daves.messages.length === 2, 5_000);
    expect(daves.messages.map((m) => m.content)).toEqual(['personal', 'second']);

    await setAnnouncements(false);
    notice({ type: 'gaogaoall', content: 'third', uid: '' }, null);
    await eventually('the control copy of the third', () => control.messages.length === 3, 5_000);
    notice({ type: 'gaogaoasx', content: 'sync', uid: dave.id }, dave.id);
    await eventually('the sync message', () => daves.messages.length === 3, 5_000);
    expect(daves.messages.map((m) => m.content)).toEqual(['personal', 'second', 'sync']);
  });

  it('disconnects the sockets of a user whose sessions ended, and no one else’s', async () => {
    const [alices, bobs] = await Promise.all([connect(alice), connect(bob)]);
    const reason = new Promise<string>((resolve) => alices.socket.once('disconnect', (why) => resolve(why)));
    server.t.services.events.publish({ channel: 'disconnect', userId: alice.id, sessions: { kind: 'all' } });
    expect(await reason).toBe('io server disconnect');
    notice({ type: 'gaogaoall', content: 'still here', uid: '' }, null);
    await eventually('bob still connected', () => bobs.messages.length === 1, 5_000);
    expect(bobs.socket.connected).toBe(true);
  });

  it('serves the long-polling transport through the same HTTP server, next to /ws', async () => {
    const polling = await connect(alice, ['polling']);
    const upgrading = await connect(bob, ['polling', 'websocket']);
    const ws = await WsTestClient.connect(server.wsUrl);
    await ws.loggedIn();
    notice({ type: 'gaogaoall', content: 'both transports', uid: '' }, null);
    await eventually('polling delivery', () => polling.messages.length === 1, 5_000);
    await eventually('upgrading delivery', () => upgrading.messages.length === 1, 5_000);
    expect(await ws.sub('market')).toEqual({ type: 'subscribed', topic: 'market' });
    await ws.close();
  });
});
