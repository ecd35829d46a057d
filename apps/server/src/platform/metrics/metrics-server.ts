/**
 * The scrape endpoint on its own listener (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 unless
 * told otherwise), never on the public port: the series name routes and queue sizes an outsider has no
 * business reading, and a scrape must not compete with the API's rate limits.
 */
import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.ts';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/** An archive made by the node itself (the embedded database's backup), with headers to send along. */
export type ArchiveMaker = () => Promise<{ body: Uint8Array; headers: Record<string, string> }>;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export async function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host: string; backup?: ArchiveMaker | null },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    // `npm run backup` on the same host while the server owns the embedded database: never remote,
    // whatever METRICS_HOST says.
    if (request.method === 'POST' && path === '/backup' && options.backup) {
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) {
        response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('loopback only\n');
        return;
      }
      options.backup().then(
        ({ body, headers }) =>
          response.writeHead(200, { 'content-type': 'application/gzip', ...headers }).end(body),
        (error: unknown) =>
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${String(error)}\n`),
      );
      return;
    }
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('scrape failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = address && typeof address !== 'string' ? address.port : options.port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
