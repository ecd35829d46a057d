/**
 * Ending a session ends its realtime connections, on every path that ends sessions: logout, revoking one
 * session, changing the login password (every other session), a password reset by emailed code, an
 * operator's freeze and forced password reset (every session), and expiry. The ended session's /ws
 * closes with 4401 after an UNAUTHENTICATED frame, its socket.io socket is disconnected by the server,
 * and neither gets anything published for the user after the end; the connections of sessions still
 * live (the user's other session, or another user's) keep receiving. Across two nodes sharing a
 * database and Redis, a revocation on one closes the session's connections on the other, ahead of what
 * is published after it, and the other node no longer lets the session in from its cache.
 *
 * A session that ends while a socket's login is being checked with it (the lookup has answered "live",
 * the socket is not yet indexed by its session) is looked up again, and the socket closed.
 *
 * "Nothing after the end" is shown without waiting for silence: the events are published after the end,
 * a live connection receiving them shows they were delivered, and an ended connection's inbox is read
 * only once its close has arrived (a frame written before the close arrives before it).
 */
import { randomBytes } from 'node:crypto';
import { WS_CLOSE_UNAUTHENTICATED } from '@tradehall/contracts';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/platform/logger.ts';
import { startRealtime } from '../src/realtime/realtime.ts';
import { call, createTestApp, DRIVERS, TEST_REDIS_URL, type TestApp } from './harness.ts';
import { LOGIN_PASSWORD, type MoneyUser, operatorToken, quickUser } from './money.ts';
import {
  closedWithin,
  connectNotices,
  eventually,
  listenOn,
  type NoticeTestClient,
  type RealtimeTestServer,
  startRealtimeNodeBeside,
  startRealtimeTestServer,
  WsTestClient,
} from './realtime-support.ts';
import { codeFrom, startSmtp, type TestSmtp } from './smtp.ts';

/** One session's realtime connections: /ws logged in with it and subscribed to `user`, and socket.io. */
interface Connected {
  userId: string;
  token: string;
  ws: WsTestClient;
  notices: NoticeTestClient;
}

const wsClients: WsTestClient[] = [];
const noticeClients: NoticeTestClient[] = [];

async function connect(node: RealtimeTestServer, userId: string, token: string): Promise<Connected> {
  const ws = await WsTestClient.connect(node.wsUrl);
  wsClients.push(ws);
  expect(await ws.loggedIn(token)).toMatchObject({ type: 'welcome', authenticated: true });
  expect(await ws.sub('user')).toEqual({ type: 'subscribed', topic: 'user' });
  const notices = await connectNotices(node.httpUrl, token);
  noticeClients.push(notices);
  return { userId, token, ws, notices };
}

/** A second session of the user, as a login on another device makes one. */
async function secondSession(t: TestApp, user: MoneyUser): Promise<string> {
  return (await t.services.sessions.create(user.id, { ip: null, userAgent: null })).token;
}

const BALANCE_AFTER_END = 4_321;

/**
 * What happens to a user after the end: their balance changes and they are sent a notice. The users of
 * ended sessions first, so the live connections' copies arrive last.
 */
function publishAfterTheEnd(t: TestApp, ended: Connected[], live: Connected[]): void {
  for (const userId of new Set([...ended, ...live].map((session) => session.userId))) {
    t.services.events.publishTopic({
      topic: 'user',
      userId,
      event: 'balance.changed',
      data: { balance: BALANCE_AFTER_END },
    });
    t.services.events.publish({
      channel: 'notice',
      msg: { type: 'gaogaoasx', content: 'after the end', uid: userId },
      userId,
    });
  }
}

async function expectClosed(ended: Connected[]): Promise<void> {
  for (const session of ended) {
    expect((await closedWithin(session.ws)).code).toBe(WS_CLOSE_UNAUTHENTICATED);
    expect(await session.notices.disconnected).toBe('io server disconnect');
  }
}

async function expectStillReceiving(live: Connected[]): Promise<void> {
  for (const session of live) {
    expect(
      await session.ws.next((frame) => frame.type === 'event' && frame.event === 'balance.changed'),
    ).toMatchObject({ topic: 'user', data: { balance: BALANCE_AFTER_END } });
    await eventually('the notice at a live session', () => session.notices.messages.length === 1);
    expect(session.notices.messages[0]?.content).toBe('after the end');
    expect(session.ws.isClosed).toBe(false);
    expect(session.notices.socket.connected).toBe(true);
  }
}

/** Read once closed: what the server wrote before its close has arrived by then. */
function expectNothingReached(ended: Connected[]): void {
  for (const session of ended) {
    expect(session.ws.received((frame) => frame.type === 'event')).toEqual([]);
    expect(session.ws.received((frame) => frame.type === 'error')).toMatchObject([
      { code: 'UNAUTHENTICATED' },
    ]);
    expect(session.notices.messages).toEqual([]);
  }
}

/** The end has happened on `t`'s node: everything published after it reaches the live sessions only. */
async function expectEnded(t: TestApp, ended: Connected[], live: Connected[]): Promise<void> {
  publishAfterTheEnd(t, ended, live);
  await expectClosed(ended);
  await expectStillReceiving(live);
  expectNothingReached(ended);
}

/** The id of the session a token belongs to, as its own sessions list shows it. */
async function sessionIdOf(t: TestApp, token: string): Promise<string> {
  const listed = await call<{ sessions: Array<{ id: string; current: boolean }> }>(
    t,
    'GET',
    '/auth/sessions',
    {
      token,
    },
  );
  const id = listed.body.sessions.find((session) => session.current)?.id;
  if (!id) throw new Error('no current session');
  return id;
}

afterEach(async () => {
  for (const client of noticeClients.splice(0)) client.socket.disconnect();
  for (const client of wsClients) expect(client.violations).toEqual([]);
  await Promise.all(wsClients.splice(0).map((client) => client.close()));
});

describe.each(DRIVERS)('ending a session ends its realtime connections on %s', (driver) => {
  let smtp: TestSmtp;
  let server: RealtimeTestServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    // Pings (and the expiry sweeps) every 100 ms, so an expired session is closed within the test.
    server = await startRealtimeTestServer({
      driver,
      env: { SMTP_URL: smtp.url, WS_PING_INTERVAL_MS: '100' },
    });
    t = server.t;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  /** A user with two sessions, each with its /ws and socket.io connections. */
  async function twoSessions(
    prefix: string,
  ): Promise<{ user: MoneyUser; first: Connected; second: Connected }> {
    const user = await quickUser(t, { prefix });
    const first = await connect(server, user.id, user.token);
    const second = await connect(server, user.id, await secondSession(t, user));
    return { user, first, second };
  }

  /** Someone else, whose connections nothing here may touch. */
  async function bystander(): Promise<Connected> {
    const user = await quickUser(t, { prefix: 'bystander' });
    return connect(server, user.id, user.token);
  }

  it('logout ends that session’s sockets; the user’s other session keeps its own', async () => {
    const { first, second } = await twoSessions('logout');
    expect((await call(t, 'POST', '/auth/logout', { token: second.token })).status).toBe(200);
    await expectEnded(t, [second], [first]);
  });

  it('revoking one session from another ends the revoked one’s sockets only', async () => {
    const { first, second } = await twoSessions('revoke');
    const id = await sessionIdOf(t, second.token);
    expect((await call(t, 'DELETE', `/auth/sessions/${id}`, { token: first.token })).status).toBe(200);
    expect((await call(t, 'GET', '/me', { token: second.token })).status).toBe(401);
    await expectEnded(t, [second], [first]);
  });

  it('revoking an id that is not one of the caller’s sessions closes nothing', async () => {
    const { first } = await twoSessions('notmine');
    const other = await bystander();
    const id = await sessionIdOf(t, other.token);
    expect((await call(t, 'DELETE', `/auth/sessions/${id}`, { token: first.token })).status).toBe(404);
    await expectEnded(t, [], [first, other]);
  });

  it('changing the login password ends every other session’s sockets, and keeps the one that changed it', async () => {
    const { user, first, second } = await twoSessions('password');
    const third = await connect(server, user.id, await secondSession(t, user));
    const changed = await call(t, 'POST', '/me/password', {
      token: first.token,
      body: { oldPassword: LOGIN_PASSWORD, newPassword: 'changed-pass-1', confirmPassword: 'changed-pass-1' },
    });
    expect(changed.status).toBe(200);
    await expectEnded(t, [second, third], [first]);
  });

  it('a password reset by emailed code ends every session’s sockets', async () => {
    const { user, first, second } = await twoSessions('emailreset');
    const other = await bystander();
    const email = `${user.account.toLowerCase()}@example.com`;
    expect((await call(t, 'PATCH', '/me', { token: first.token, body: { email } })).status).toBe(200);
    const asked = await call(t, 'POST', '/auth/password-reset/code', { body: { account: user.account } });
    expect(asked.status).toBe(200);
    const code = codeFrom(await smtp.waitFor(email));
    const reset = await call(t, 'POST', '/auth/password-reset', {
      body: { account: user.account, code, password: 'brandnew123', confirmPassword: 'brandnew123' },
    });
    expect(reset.status).toBe(200);
    await expectEnded(t, [first, second], [other]);
  });

  it('an operator’s freeze ends every session’s sockets', async () => {
    const { user, first, second } = await twoSessions('freeze');
    const other = await bystander();
    const frozen = await call(t, 'POST', `/admin/users/${user.id}/freeze`, {
      token: await operatorToken(t),
      body: { reason: 'Chargeback investigation' },
    });
    expect(frozen.status).toBe(200);
    await expectEnded(t, [first, second], [other]);
  });

  it('an operator’s forced password reset ends every session’s sockets', async () => {
    const { user, first, second } = await twoSessions('forced');
    const other = await bystander();
    const forced = await call(t, 'POST', `/admin/users/${user.id}/password-reset`, {
      token: await operatorToken(t),
      body: { reason: 'Account shared' },
    });
    expect(forced.status).toBe(200);
    await expectEnded(t, [first, second], [other]);
  });

  it('closes the sockets of a session that expires, at the next sweep; a later session’s stay', async () => {
    const user = await quickUser(t, { prefix: 'expiry' });
    const early = await connect(server, user.id, user.token);
    // A session made a minute before the first one expires outlives it by that minute.
    t.clock.advanceSeconds(t.config.auth.sessionTtlSeconds - 60);
    const late = await connect(server, user.id, await secondSession(t, user));
    t.clock.advanceSeconds(60);
    await expectClosed([early]);
    publishAfterTheEnd(t, [early], [late]);
    await expectStillReceiving([late]);
    expectNothingReached([early]);
  });
});

describe.runIf(TEST_REDIS_URL).each(DRIVERS)('ending a session across two nodes on %s', (driver) => {
  const redisClients: Redis[] = [];
  let a: RealtimeTestServer;
  let b: RealtimeTestServer;
  const redis = () => {
    const client = new Redis(TEST_REDIS_URL ?? '', { maxRetriesPerRequest: 1 });
    redisClients.push(client);
    return client;
  };
  beforeAll(async () => {
    const env = {
      REDIS_URL: TEST_REDIS_URL ?? '',
      // Apart from other suites using the same Redis at the same time.
      REDIS_PREFIX: `tradehall-test-${randomBytes(4).toString('hex')}`,
    };
    a = await startRealtimeTestServer({ driver, env, redis: redis() });
    b = await startRealtimeNodeBeside(a, redis());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await Promise.all(redisClients.map((client) => client.quit()));
  });

  it('a session revoked on node A has its sockets on node B closed before what A publishes next', async () => {
    const user = await quickUser(a.t, { prefix: 'nodes' });
    const first = await connect(b, user.id, user.token);
    const second = await connect(b, user.id, await secondSession(a.t, user));
    const firstOnA = await connect(a, user.id, user.token);
    const id = await sessionIdOf(a.t, second.token);
    expect((await call(a.t, 'DELETE', `/auth/sessions/${id}`, { token: first.token })).status).toBe(200);
    await expectEnded(a.t, [second], [first, firstOnA]);

    // B had the session in its cache (its sockets logged in with it, and its clock has not moved): the
    // news from A dropped it, so the session cannot come back in through B.
    const again = await WsTestClient.connect(b.wsUrl);
    wsClients.push(again);
    again.login(second.token);
    expect(await again.next((frame) => frame.type === 'error')).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await closedWithin(again)).code).toBe(WS_CLOSE_UNAUTHENTICATED);
    await expect(connectNotices(b.httpUrl, second.token)).rejects.toThrow('UNAUTHENTICATED');
    expect((await call(b.t, 'GET', '/me', { token: second.token })).status).toBe(401);
  });

  it('a logout on node B ends the session’s sockets on node A too', async () => {
    const user = await quickUser(a.t, { prefix: 'nodes' });
    const ending = await connect(a, user.id, user.token);
    const staying = await connect(a, user.id, await secondSession(a.t, user));
    expect((await call(b.t, 'POST', '/auth/logout', { token: ending.token })).status).toBe(200);
    await expectEnded(b.t, [ending], [staying]);
  });
});

describe.each(DRIVERS)('a login being checked when its session ends, on %s', (driver) => {
  let t: TestApp;
  let server: RealtimeTestServer;
  /** A lookup of this token, once the database has answered, waits until released. */
  let held: { token: string; reached: () => void; release: Promise<void> } | null = null;

  function hold(token: string): { reached: Promise<void>; release: () => void } {
    let reached = () => {};
    let release = () => {};
    const reachedPromise = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    held = { token, reached, release: released };
    return { reached: reachedPromise, release };
  }

  beforeAll(async () => {
    t = await createTestApp({ driver });
    const sessions = t.services.sessions;
    // The real gateways and sessions, composed as start-realtime.ts does, with the lookup held open.
    const realtime = await startRealtime({
      config: t.config.realtime,
      events: t.services.events,
      sessions: {
        authenticate: async (token) => {
          const session = await sessions.authenticate(token);
          const holding = held;
          if (holding?.token === token) {
            held = null;
            holding.reached();
            await holding.release;
          }
          return session;
        },
        forgetEnded: (userId, ended) => sessions.forgetEnded(userId, ended),
      },
      roomExists: async () => true,
      announcementsEnabled: async () => true,
      clock: t.clock,
      logger: createLogger('silent'),
      server: t.app.server,
      redis: null,
    });
    server = await listenOn(t, realtime);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('closes a /ws whose session was logged out while its login frame was being checked', async () => {
    const user = await quickUser(t, { prefix: 'racews' });
    const { reached, release } = hold(user.token);
    const client = await WsTestClient.connect(server.wsUrl);
    wsClients.push(client);
    client.login(user.token);
    await reached;
    expect((await call(t, 'POST', '/auth/logout', { token: user.token })).status).toBe(200);
    release();
    expect((await closedWithin(client)).code).toBe(WS_CLOSE_UNAUTHENTICATED);
    expect(client.received((frame) => frame.type === 'welcome')).toEqual([]);
  });

  it('disconnects a socket.io socket whose session was logged out while it was being admitted', async () => {
    const user = await quickUser(t, { prefix: 'raceio' });
    const { reached, release } = hold(user.token);
    const connecting = connectNotices(server.httpUrl, user.token);
    await reached;
    expect((await call(t, 'POST', '/auth/logout', { token: user.token })).status).toBe(200);
    release();
    const notices = await connecting;
    noticeClients.push(notices);
    expect(await notices.disconnected).toBe('io server disconnect');
  });
});
