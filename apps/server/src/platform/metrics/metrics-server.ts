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

export async function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host: string },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
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
