/**
 * The realtime client against a real WebSocket server on loopback (test/realtime-server.ts), through
 * jsdom's WebSocket: login, subscriptions, ping/pong, parse failures, reconnects and re-login.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRealtimeServer, type TestRealtimeServer } from '../../test/realtime-server.ts';
import { type ConnectionState, RealtimeClient, type RealtimeError } from './realtime-client.ts';

const CHECK_MS = 150;

let server: TestRealtimeServer | null = null;
let client: RealtimeClient | null = null;

afterEach(async () => {
  client?.stop();
  client = null;
  await server?.close();
  server = null;
  vi.restoreAllMocks();
});

/** Polls until `check` passes (or throws its last failure at the deadline). */
async function until(check: () => unknown, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (check() !== false) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function makeClient(
  target: TestRealtimeServer,
  session: { token: string | null } = { token: null },
  reconnectCheckMs = CHECK_MS,
  unsubscribeLingerMs = 0,
): RealtimeClient {
  return new RealtimeClient({
    url: () => target.url,
    login: () => ({ token: session.token, language: 'en', clientId: 'client-1' }),
    clientName: 'tradehall-web',
    reconnectCheckMs,
    unsubscribeLingerMs,
  });
}

const framesOf = (target: TestRealtimeServer, connection?: number) =>
  target.received.filter((r) => connection === undefined || r.connection === connection).map((r) => r.frame);

describe('realtime client: login and subscriptions', () => {
  it('sends the login frame first, with the spec field names, the token and the language', async () => {
    server = await startRealtimeServer({ validToken: 'tok' });
    client = makeClient(server, { token: 'tok' });
    client.start();
    await until(() => client?.getState() === 'connected');
    expect(framesOf(server)[0]).toEqual({
      type: 'login',
      client_name: 'tradehall-web',
      client_id: 'client-1',
      Accept_language: 'en',
      Authorization: 'Bearer tok',
    });
  });

  it('logs in with an empty Authorization when nobody is logged in', async () => {
    server = await startRealtimeServer();
    client = makeClient(server);
    client.start();
    await until(() => client?.getState() === 'connected');
    expect(framesOf(server)[0]).toMatchObject({ type: 'login', Authorization: '' });
  });

  it('subscribes a topic once for many listeners, delivers its events only to them, unsubscribes after the last', async () => {
    server = await startRealtimeServer();
    client = makeClient(server);
    client.start();
    await until(() => client?.getState() === 'connected');
    const first = vi.fn();
    const second = vi.fn();
    const market = vi.fn();
    const stopFirst = client.subscribe('round.room-1', first);
    const stopSecond = client.subscribe('round.room-1', second);
    client.subscribe('market', market);
    await until(() => expect(framesOf(server as TestRealtimeServer)).toHaveLength(3));
    expect(framesOf(server).slice(1)).toEqual([
      { cmd: 'sub', msg: 'round.room-1' },
      { cmd: 'sub', msg: 'market' },
    ]);

    const round = { id: 'r1', roomId: 'room-1', status: 'sealed' };
    await until(
      () => (server as TestRealtimeServer).publish('round.room-1', 'round.sealed', { round }) === 1,
    );
    await until(() => expect(first).toHaveBeenCalledTimes(1));
    expect(first).toHaveBeenCalledWith(
      expect.objectContaining({ topic: 'round.room-1', event: 'round.sealed', data: { round } }),
    );
    expect(second).toHaveBeenCalledTimes(1);
    expect(market).not.toHaveBeenCalled();

    stopFirst();
    stopSecond();
    await until(() => expect(framesOf(server as TestRealtimeServer)).toHaveLength(4));
    expect(framesOf(server)[3]).toEqual({ cmd: 'unsub', msg: 'round.room-1' });
  });

  it('answers the server ping with a pong command', async () => {
    server = await startRealtimeServer();
    client = makeClient(server);
    client.start();
    await until(() => client?.getState() === 'connected');
    server.ping();
    await until(() => expect(framesOf(server as TestRealtimeServer)).toContainEqual({ cmd: 'pong' }));
  });

  it('logs a message it cannot parse and passes it on as an error event, then carries on', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server = await startRealtimeServer();
    client = makeClient(server);
    const errors: RealtimeError[] = [];
    client.onError((error) => errors.push(error));
    const listener = vi.fn();
    client.subscribe('market', listener);
    client.start();
    await until(() => framesOf(server as TestRealtimeServer).some((f) => f.cmd === 'sub'));

    server.sendRaw('{not json');
    server.sendRaw(JSON.stringify({ hello: 'no type' }));
    await until(() => expect(errors).toHaveLength(2));
    expect(errors[0]).toMatchObject({ kind: 'parse', raw: '{not json' });
    expect(errors[1]).toMatchObject({ kind: 'parse', reason: 'no frame type' });
    expect(logged).toHaveBeenCalledWith(
      'realtime: a message could not be parsed',
      expect.objectContaining({ raw: '{not json' }),
    );

    server.publish('market', 'market.updated', { tradingDate: '2026-01-01' });
    await until(() => expect(listener).toHaveBeenCalledTimes(1));
    expect(client.getState()).toBe('connected');
  });

  it("passes the server's error frames on to error listeners", async () => {
    server = await startRealtimeServer();
    client = makeClient(server);
    const errors: RealtimeError[] = [];
    client.onError((error) => errors.push(error));
    client.start();
    await until(() => client?.getState() === 'connected');
    server.sendRaw(JSON.stringify({ type: 'error', code: 'UNKNOWN_TOPIC', message: 'no such topic' }));
    await until(() =>
      expect(errors).toEqual([{ kind: 'server', code: 'UNKNOWN_TOPIC', message: 'no such topic' }]),
    );
  });

  it('a listener that throws is logged and does not stop the others', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server = await startRealtimeServer();
    client = makeClient(server);
    const after = vi.fn();
    client.subscribe('market', () => {
      throw new Error('listener bug');
    });
    client.subscribe('market', after);
    client.start();
    await until(() => framesOf(server as TestRealtimeServer).filter((f) => f.cmd === 'sub').length === 1);
    server.publish('market', 'market.updated', {});
    await until(() => expect(after).toHaveBeenCalledTimes(1));
    expect(console.error).toHaveBeenCalledWith('realtime: a listener of market failed', expect.any(Error));
  });
});

describe('realtime client: no event lost between pages', () => {
  /** Long enough that no stall of a busy machine ends it while the test needs it to last. */
  const LONG_LINGER_MS = 60_000;
  /** For the test that waits for the linger to end. */
  const SHORT_LINGER_MS = 200;

  it('keeps a topic subscribed for a while after its last listener left, and hands what came meanwhile to the next', async () => {
    server = await startRealtimeServer();
    client = makeClient(server, { token: null }, CHECK_MS, LONG_LINGER_MS);
    client.start();
    await until(() => client?.getState() === 'connected');
    // One page watches the room, then the next page takes over: in between nobody listens.
    const watching = vi.fn();
    const leave = client.subscribe('round.room-1', watching);
    await until(() => framesOf(server as TestRealtimeServer).length === 2);
    await until(() => (server as TestRealtimeServer).publish('round.room-1', 'round.sealed', { n: 1 }) === 1);
    await until(() => expect(watching).toHaveBeenCalledTimes(1));
    leave();
    expect((server as TestRealtimeServer).publish('round.room-1', 'round.settled', { n: 2 })).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = vi.fn();
    client.subscribe('round.room-1', next);
    // The subscription was never broken: no unsub, no second sub.
    expect(framesOf(server).slice(1)).toEqual([{ cmd: 'sub', msg: 'round.room-1' }]);
    expect(next).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledWith(expect.objectContaining({ event: 'round.settled', data: { n: 2 } }));
  });

  it('unsubscribes once the linger is over and nobody came back', async () => {
    server = await startRealtimeServer();
    client = makeClient(server, { token: null }, CHECK_MS, SHORT_LINGER_MS);
    client.start();
    await until(() => client?.getState() === 'connected');
    client.subscribe('round.room-1', () => {})();
    await until(() => expect(framesOf(server as TestRealtimeServer)).toHaveLength(3));
    expect(framesOf(server).slice(1)).toEqual([
      { cmd: 'sub', msg: 'round.room-1' },
      { cmd: 'unsub', msg: 'round.room-1' },
    ]);
  });

  it('tells a listener when the server has confirmed the topic, again after a reconnect, and at once when it already has', async () => {
    server = await startRealtimeServer();
    client = makeClient(server);
    client.start();
    await until(() => client?.getState() === 'connected');
    const first = vi.fn();
    client.subscribe('round.room-1', () => {}, first);
    expect(first).not.toHaveBeenCalled();
    await until(() => expect(first).toHaveBeenCalledTimes(1));
    const second = vi.fn();
    client.subscribe('round.room-1', () => {}, second);
    expect(second).toHaveBeenCalledTimes(1);

    server.dropAll();
    await until(() => client?.getState() === 'disconnected');
    await until(() => expect(first).toHaveBeenCalledTimes(2));
    expect(second).toHaveBeenCalledTimes(2);
  });
});

describe('realtime client: a subscription the server dropped', () => {
  it('sends `sub` again when the server has not confirmed it (a frame dropped over its budget), then hears the topic', async () => {
    server = await startRealtimeServer({ dropFirstSubOf: 'round.room-1' });
    client = makeClient(server);
    client.start();
    await until(() => client?.getState() === 'connected');
    const heard = vi.fn();
    const active = vi.fn();
    client.subscribe('round.room-1', heard, active);
    await until(() => expect(active).toHaveBeenCalledTimes(1), 10_000);
    expect(framesOf(server).filter((frame) => frame.cmd === 'sub')).toEqual([
      { cmd: 'sub', msg: 'round.room-1' },
      { cmd: 'sub', msg: 'round.room-1' },
    ]);
    expect((server as TestRealtimeServer).publish('round.room-1', 'round.settled', { n: 1 })).toBe(1);
    await until(() => expect(heard).toHaveBeenCalledTimes(1));
  });
});

describe('realtime client: reconnecting', () => {
  it('after a drop, reconnects on the next check, logs in again first, then restores every subscription', async () => {
    server = await startRealtimeServer();
    client = makeClient(server);
    const states: ConnectionState[] = [];
    client.onStateChange((state) => states.push(state));
    const reconnects: boolean[] = [];
    client.onConnected(({ reconnect }) => reconnects.push(reconnect));
    client.subscribe('round.room-1', () => {});
    client.subscribe('market', () => {});
    client.start();
    await until(() => framesOf(server as TestRealtimeServer, 1).length === 3);

    server.dropAll();
    await until(() => client?.getState() === 'disconnected');
    await until(() => framesOf(server as TestRealtimeServer, 2).length === 3);
    const again = framesOf(server, 2);
    expect(again[0]).toMatchObject({ type: 'login' });
    expect(again.slice(1)).toEqual([
      { cmd: 'sub', msg: 'round.room-1' },
      { cmd: 'sub', msg: 'market' },
    ]);
    expect(states).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected']);
    expect(reconnects).toEqual([false, true]);
  });

  it('keeps checking while the server is down and reconnects within one check once it is back', async () => {
    server = await startRealtimeServer();
    const port = server.port;
    client = makeClient(server);
    const received = vi.fn();
    client.subscribe('round.room-1', received);
    client.start();
    await until(() => client?.getState() === 'connected');

    await server.close();
    server = null;
    await until(() => client?.getState() === 'disconnected');
    // Several checks fail against a closed port without the client giving up (or throwing).
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 3));
    expect(client.getState()).not.toBe('connected');

    server = await startRealtimeServer({ port });
    const backAt = Date.now();
    await until(() => client?.getState() === 'connected', CHECK_MS * 4);
    expect(Date.now() - backAt).toBeLessThan(CHECK_MS * 3);
    await until(() => framesOf(server as TestRealtimeServer).some((f) => f.cmd === 'sub'));
    server.publish('round.room-1', 'round.opened', { round: { id: 'r2' } });
    await until(() => expect(received).toHaveBeenCalledTimes(1));
  });

  it('checks every 3 s by default: a dropped connection is back within 3 s', async () => {
    server = await startRealtimeServer();
    client = makeClient(server, { token: null }, 3000);
    client.start();
    await until(() => client?.getState() === 'connected');
    server.dropAll();
    await until(() => client?.getState() === 'disconnected');
    const droppedAt = Date.now();
    await until(() => client?.getState() === 'connected', 4000);
    expect(Date.now() - droppedAt).toBeLessThanOrEqual(3000 + 500);
  }, 10_000);

  it('queues messages sent while closed and sends them after the next login', async () => {
    server = await startRealtimeServer();
    client = makeClient(server);
    client.subscribe('market', () => {});
    client.send({ cmd: 'sub', msg: 'round.queued' });
    client.start();
    await until(() => framesOf(server as TestRealtimeServer).length === 3);
    expect(framesOf(server)).toEqual([
      expect.objectContaining({ type: 'login' }),
      { cmd: 'sub', msg: 'market' },
      { cmd: 'sub', msg: 'round.queued' },
    ]);

    server.dropAll();
    await until(() => client?.getState() === 'disconnected');
    client.send({ cmd: 'unsub', msg: 'round.queued' });
    await until(() => framesOf(server as TestRealtimeServer, 2).length === 3);
    expect(framesOf(server, 2).slice(1)).toEqual([
      { cmd: 'sub', msg: 'market' },
      { cmd: 'unsub', msg: 'round.queued' },
    ]);
  });
});

describe('realtime client: sessions', () => {
  it('logs in again with the new token after a login, and only then subscribes the user topic', async () => {
    const session: { token: string | null } = { token: null };
    server = await startRealtimeServer({ validToken: 'fresh' });
    client = makeClient(server, session);
    const balance = vi.fn();
    client.subscribe('user', balance);
    client.subscribe('market', () => {});
    client.start();
    await until(() => framesOf(server as TestRealtimeServer, 1).length === 2);
    // Anonymous: `user` is not asked for (the server would refuse it).
    expect(framesOf(server, 1)).toEqual([
      expect.objectContaining({ type: 'login', Authorization: '' }),
      { cmd: 'sub', msg: 'market' },
    ]);

    session.token = 'fresh';
    client.relogin();
    await until(() => framesOf(server as TestRealtimeServer, 2).length === 3);
    expect(framesOf(server, 2)).toEqual([
      expect.objectContaining({ type: 'login', Authorization: 'Bearer fresh' }),
      { cmd: 'sub', msg: 'user' },
      { cmd: 'sub', msg: 'market' },
    ]);
    await until(() => server?.openConnections() === 1);
    server.publish('user', 'balance.changed', { balance: 1234 });
    await until(() =>
      expect(balance).toHaveBeenCalledWith(expect.objectContaining({ data: { balance: 1234 } })),
    );
  });

  it('after the server refuses the token (close 4401), logs in without it until the session changes', async () => {
    server = await startRealtimeServer({ validToken: 'good' });
    const session: { token: string | null } = { token: 'revoked' };
    client = makeClient(server, session);
    const errors: RealtimeError[] = [];
    client.onError((error) => errors.push(error));
    client.start();
    await until(() => client?.getState() === 'connected');
    server.dropAll(4401);
    await until(() => framesOf(server as TestRealtimeServer, 2).length === 1);
    expect(framesOf(server, 2)[0]).toMatchObject({ Authorization: '' });
    expect(errors).toContainEqual(expect.objectContaining({ kind: 'closed', code: 4401 }));

    session.token = 'good';
    client.relogin();
    await until(() => framesOf(server as TestRealtimeServer, 3).length === 1);
    expect(framesOf(server, 3)[0]).toMatchObject({ Authorization: 'Bearer good' });
  });

  it('stop() closes the connection and stops reconnecting', async () => {
    server = await startRealtimeServer();
    client = makeClient(server);
    client.start();
    await until(() => client?.getState() === 'connected');
    client.stop();
    expect(client.getState()).toBe('idle');
    await until(() => server?.openConnections() === 0);
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 3));
    expect(server.connectionCount()).toBe(1);
  });
});
