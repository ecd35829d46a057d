/**
 * The notice socket against a real socket.io server on loopback: it authenticates with the session token,
 * shows gaogaoall to everyone and gaogaoasx only with the stored uid, ignores what it cannot parse, and
 * follows login and logout.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getToken, getUid, saveSession, setServerLine, subscribeSession } from '../storage.ts';
import type { NewMsg } from './new-msg.ts';
import { isForMe, parseNewMsg } from './new-msg.ts';
import { NoticeSocket } from './notice-socket.ts';

const USERS: Record<string, string> = { 'token-a': 'user-a', 'token-b': 'user-b' };

interface TestIoServer {
  origin: string;
  io: Server;
  /** Sockets connected now, by uid. */
  connected: () => Array<{ uid: string; socket: Socket }>;
  close: () => Promise<void>;
}

async function startIoServer(): Promise<TestIoServer> {
  const http: HttpServer = createServer();
  const io = new Server(http, { path: '/socket.io' });
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth.token;
    const uid = typeof token === 'string' ? USERS[token] : undefined;
    if (!uid) {
      next(new Error('UNAUTHENTICATED'));
      return;
    }
    socket.data.uid = uid;
    void socket.join(uid);
    next();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    io,
    connected: () =>
      [...io.sockets.sockets.values()].map((socket) => ({ uid: String(socket.data.uid), socket })),
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

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

let server: TestIoServer;
let notices: NoticeSocket | null = null;
let shown: NewMsg[];

function startNotices(target: TestIoServer): NoticeSocket {
  const socket = new NoticeSocket({
    origin: () => target.origin,
    token: getToken,
    uid: getUid,
    subscribeSession,
    onNotice: (msg) => shown.push(msg),
    logError: () => {},
  });
  socket.start();
  return socket;
}

const text = (msg: NewMsg) => JSON.stringify(msg);

beforeEach(async () => {
  localStorage.clear();
  shown = [];
  server = await startIoServer();
});
afterEach(async () => {
  notices?.stop();
  notices = null;
  await server.close();
});

describe('notice socket', () => {
  it('connects with the session token and shows a gaogaoall notice, content as given', async () => {
    saveSession('token-a', { username: 'alice', id: 'user-a' });
    notices = startNotices(server);
    await until(() => server.connected().length === 1);
    expect(server.connected()[0]?.uid).toBe('user-a');

    const content = '<img src=x onerror="window.__xss=1"><b>bold</b>';
    server.io.emit('new_msg', text({ type: 'gaogaoall', content, uid: '' }));
    await until(() => expect(shown).toEqual([{ type: 'gaogaoall', content, uid: '' }]));
  });

  it('shows gaogaoasx only when its uid is the stored uid', async () => {
    saveSession('token-a', { username: 'alice', id: 'user-a' });
    notices = startNotices(server);
    await until(() => server.connected().length === 1);
    const socket = server.connected()[0]?.socket;
    // Even if a message for someone else reached this socket, the client would not show it.
    socket?.emit('new_msg', text({ type: 'gaogaoasx', content: 'for bob', uid: 'user-b' }));
    socket?.emit('new_msg', text({ type: 'gaogaoasx', content: 'for alice', uid: 'user-a' }));
    await until(() => expect(shown.map((msg) => msg.content)).toEqual(['for alice']));
  });

  it('logs what it cannot parse and shows nothing for it', async () => {
    const logError = vi.fn();
    saveSession('token-a', { username: 'alice', id: 'user-a' });
    notices = new NoticeSocket({
      origin: () => server.origin,
      token: getToken,
      uid: getUid,
      subscribeSession,
      onNotice: (msg) => shown.push(msg),
      logError,
    });
    notices.start();
    await until(() => server.connected().length === 1);
    server.io.emit('new_msg', '{broken');
    server.io.emit('new_msg', JSON.stringify({ type: 'other', content: 'x', uid: '' }));
    server.io.emit('new_msg', text({ type: 'gaogaoall', content: 'after', uid: '' }));
    await until(() => expect(shown.map((msg) => msg.content)).toEqual(['after']));
    expect(logError).toHaveBeenCalledTimes(2);
    expect(logError).toHaveBeenCalledWith('notices: a new_msg could not be parsed', expect.anything());
  });

  it('has no socket while logged out, connects after login, reconnects as the new user, disconnects on logout', async () => {
    notices = startNotices(server);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.connected()).toHaveLength(0);
    expect(notices.active).toBe(false);

    saveSession('token-a', { username: 'alice', id: 'user-a' });
    await until(() => expect(server.connected().map((c) => c.uid)).toEqual(['user-a']));

    saveSession('token-b', { username: 'bob', id: 'user-b' });
    await until(() => expect(server.connected().map((c) => c.uid)).toEqual(['user-b']));
    server.io.to('user-b').emit('new_msg', text({ type: 'gaogaoasx', content: 'hi bob', uid: 'user-b' }));
    await until(() => expect(shown.map((msg) => msg.content)).toEqual(['hi bob']));

    clearSession();
    await until(() => server.connected().length === 0);
    expect(notices.active).toBe(false);
  });
});

describe('new_msg payloads', () => {
  it('decode from text into type, content and uid', () => {
    expect(parseNewMsg('{"type":"gaogaoasx","content":"c","uid":"u"}')).toEqual({
      ok: true,
      msg: { type: 'gaogaoasx', content: 'c', uid: 'u' },
    });
    expect(parseNewMsg('nope').ok).toBe(false);
    expect(parseNewMsg(JSON.stringify({ type: 'gaogaoall', content: 5, uid: '' })).ok).toBe(false);
  });

  it('gaogaoall is for everyone, gaogaoasx only for its uid (never for an empty or missing one)', () => {
    expect(isForMe({ type: 'gaogaoall', content: '', uid: '' }, null)).toBe(true);
    expect(isForMe({ type: 'gaogaoasx', content: '', uid: 'u1' }, 'u1')).toBe(true);
    expect(isForMe({ type: 'gaogaoasx', content: '', uid: 'u1' }, 'u2')).toBe(false);
    expect(isForMe({ type: 'gaogaoasx', content: '', uid: '' }, '')).toBe(false);
    expect(isForMe({ type: 'gaogaoasx', content: '', uid: 'u1' }, null)).toBe(false);
  });

  it('moves to the server line the user switches to, with the same session', async () => {
    const second = await startIoServer();
    try {
      saveSession('token-a', { username: 'alice', id: 'user-a' });
      notices = startNotices(server);
      await until(() => server.connected().length === 1);
      setServerLine(second.origin);
      await until(() => second.connected().length === 1 && server.connected().length === 0);
      expect(second.connected()[0]?.uid).toBe('user-a');
      second.io.emit('new_msg', text({ type: 'gaogaoall', content: 'from line 2', uid: '' }));
      await until(() => expect(shown.map((msg) => msg.content)).toEqual(['from line 2']));
    } finally {
      notices?.stop();
      notices = null;
      await second.close();
    }
  });
});
