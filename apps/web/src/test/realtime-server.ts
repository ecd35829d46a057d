/**
 * Test support: a small `/ws` server on loopback (the real `ws` WebSocketServer) speaking the protocol of
 * DESIGN §7 as far as the web client needs: it answers the login frame with `welcome` (authenticated when
 * the token is the one it was given), `sub`/`unsub` with their confirmations, records every frame it
 * receives, and publishes events to the connections subscribed to a topic. The client under test talks
 * to it through jsdom's WebSocket, over a real socket.
 */
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

export interface ReceivedFrame {
  connection: number;
  frame: Record<string, unknown>;
}

interface Connection {
  id: number;
  socket: WebSocket;
  topics: Set<string>;
}

export interface TestRealtimeServer {
  url: string;
  port: number;
  received: ReceivedFrame[];
  /** Connections opened so far (closed ones included). */
  connectionCount: () => number;
  openConnections: () => number;
  publish: (topic: string, event: string, data: unknown) => number;
  /** Sends raw text to every open connection (e.g. a frame that is not JSON). */
  sendRaw: (text: string) => void;
  ping: () => void;
  /** Closes every connection (a server-side drop), optionally with a close code. */
  dropAll: (code?: number) => void;
  close: () => Promise<void>;
}

export async function startRealtimeServer(
  options: {
    validToken?: string;
    port?: number;
    welcome?: boolean;
    /** The first `sub` of this topic is dropped with RATE_LIMITED, as the real server drops frames over budget. */
    dropFirstSubOf?: string;
  } = {},
): Promise<TestRealtimeServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0, path: '/ws' });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const port = (wss.address() as AddressInfo).port;
  const received: ReceivedFrame[] = [];
  const connections: Connection[] = [];
  let dropped = false;

  wss.on('connection', (socket) => {
    const connection: Connection = { id: connections.length + 1, socket, topics: new Set() };
    connections.push(connection);
    let authenticated = false;
    socket.on('message', (data) => {
      let frame: Record<string, unknown>;
      try {
        frame = JSON.parse(String(data)) as Record<string, unknown>;
      } catch {
        socket.send(JSON.stringify({ type: 'error', code: 'MALFORMED_JSON', message: 'bad json' }));
        return;
      }
      received.push({ connection: connection.id, frame });
      if (frame.type === 'login') {
        authenticated =
          options.validToken !== undefined && frame.Authorization === `Bearer ${options.validToken}`;
        if (options.welcome !== false) {
          socket.send(
            JSON.stringify({ type: 'welcome', authenticated, serverTime: Math.floor(Date.now() / 1000) }),
          );
        }
        return;
      }
      if ((frame.cmd === 'sub' || frame.cmd === 'unsub') && typeof frame.msg === 'string') {
        if (frame.msg === 'user' && !authenticated) {
          socket.close(4401, 'unauthenticated');
          return;
        }
        if (frame.cmd === 'sub' && frame.msg === options.dropFirstSubOf && !dropped) {
          dropped = true;
          socket.send(JSON.stringify({ type: 'error', code: 'RATE_LIMITED', message: 'Too many requests' }));
          return;
        }
        if (frame.cmd === 'sub') connection.topics.add(frame.msg);
        else connection.topics.delete(frame.msg);
        socket.send(JSON.stringify({ type: `${frame.cmd}scribed`, topic: frame.msg }));
      }
    });
  });

  const open = () => connections.filter((c) => c.socket.readyState === c.socket.OPEN);
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    port,
    received,
    connectionCount: () => connections.length,
    openConnections: () => open().length,
    publish: (topic, event, data) => {
      let sent = 0;
      for (const connection of open()) {
        if (!connection.topics.has(topic)) continue;
        connection.socket.send(
          JSON.stringify({ type: 'event', at: Math.floor(Date.now() / 1000), topic, event, data }),
        );
        sent += 1;
      }
      return sent;
    },
    sendRaw: (text) => {
      for (const connection of open()) connection.socket.send(text);
    },
    ping: () => {
      for (const connection of open()) connection.socket.send(JSON.stringify({ type: 'ping' }));
    },
    dropAll: (code = 1012) => {
      for (const connection of open()) connection.socket.close(code, 'dropped');
    },
    close: async () => {
      for (const connection of connections) connection.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
