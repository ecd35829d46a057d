/**
 * /ws and socket.io let in browser pages of the app's origins (APP_ORIGINS, by default the server lines)
 * and this server's own host, and refuse any other origin's handshake; a client that is not a browser
 * page (no Origin) still connects. socket.io's polling answers CORS for the app origins only.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RealtimeTestServer, startRealtimeTestServer } from '../../test/realtime-support.ts';

const APP = 'https://app.example.com';

/** The HTTP status the handshake got: 101 when the socket opened. */
function handshake(url: string, origin: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, origin === undefined ? {} : { origin });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

describe('origin checks on the realtime handshakes', () => {
  let server: RealtimeTestServer;
  beforeAll(async () => {
    server = await startRealtimeTestServer({
      driver: 'pglite',
      env: { SERVER_LINES: `App=${APP},Other=https://other.example.com` },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('opens /ws for an app origin, this host, and a client without an Origin', async () => {
    for (const origin of [APP, 'https://other.example.com', server.httpUrl, undefined]) {
      expect(await handshake(server.wsUrl, origin), String(origin)).toBe(101);
    }
  });

  it('refuses /ws to a page of any other origin with 403', async () => {
    for (const origin of ['https://evil.example.net', 'http://app.example.com', 'null']) {
      expect(await handshake(server.wsUrl, origin), origin).toBe(403);
    }
  });

  it('answers socket.io polling with CORS for an app origin and refuses any other origin', async () => {
    const url = `${server.httpUrl}/socket.io/?EIO=4&transport=polling`;
    const allowed = await fetch(url, { headers: { origin: APP } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP);
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    await allowed.arrayBuffer();

    const refused = await fetch(url, { headers: { origin: 'https://evil.example.net' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    await refused.arrayBuffer();

    const websocket = `${server.httpUrl.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`;
    // engine.io refuses a failed allowRequest on an upgrade with its own 400.
    expect(await handshake(websocket, 'https://evil.example.net')).toBe(400);
    expect(await handshake(websocket, APP)).toBe(101);
  });
});
