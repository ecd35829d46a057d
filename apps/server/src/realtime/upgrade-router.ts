/**
 * One `upgrade` listener for the HTTP server: /ws goes to the ws gateway; /socket.io/ is left to
 * engine.io's own listener (attached with destroyUpgrade off, so it ignores other paths instead of
 * closing them after a second); anything else is refused at once with 404. A /ws handshake from a
 * browser page of an origin that is not the app's is refused with 403 (socket.io checks its own).
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { SOCKET_IO_PATH, WS_PATH } from '@tradehall/contracts';
import { isAllowedOrigin } from '../platform/cors.ts';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export function routeUpgrades(
  server: HttpServer,
  ws: UpgradeHandler | null,
  allowedOrigins: readonly string[] | null = null,
): () => void {
  const listener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets mid-handshake must not take the process down.
    socket.on('error', () => socket.destroy());
    const pathname = pathOf(request.url);
    if (pathname === WS_PATH && ws) {
      if (allowedOrigins && !isAllowedOrigin(request.headers.origin, allowedOrigins, request.headers.host)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      ws(request, socket, head);
      return;
    }
    if (pathname === SOCKET_IO_PATH || pathname.startsWith(`${SOCKET_IO_PATH}/`)) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  server.on('upgrade', listener);
  return () => {
    server.off('upgrade', listener);
  };
}

function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  return query === -1 ? raw : raw.slice(0, query);
}
