/**
 * Cross-origin access for the app's other lines. A page served by one line calls the API of whichever
 * line the user chose, so the API, the uploads endpoint and /remote-config.json answer CORS, for the
 * configured app origins only (APP_ORIGINS): any other origin gets no CORS header at all (its preflight is
 * a plain 404), so a browser never hands it an answer. The app authenticates with a bearer token it adds
 * itself, never with cookies, so credentials stay off: a foreign page has nothing ambient to ride on.
 *
 * /ws and socket.io check the same list on their handshakes (isAllowedOrigin below).
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOCS_PREFIX } from './openapi.ts';

/** Everything the web client sends (api-client.ts), and the idempotency key of money requests. */
export const CORS_ALLOWED_HEADERS = [
  'accept',
  'accept-language',
  'authorization',
  'content-type',
  'idempotency-key',
];
/** Read by the client across origins: Date feeds its server clock, Retry-After its back-off. */
export const CORS_EXPOSED_HEADERS = ['date', 'retry-after', 'etag'];
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** How long a browser may reuse a preflight answer (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE_SECONDS = 7200;

/** Paths another line's page may read: the API (not its docs pages) and the remote config. */
export function isCrossOriginPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  if (path === '/remote-config.json') return true;
  return path.startsWith('/api/') && !path.startsWith(DOCS_PREFIX);
}

/**
 * Whether a browser page of `origin` may use this server: a configured app origin, or (for the realtime
 * handshakes, which browsers send with an Origin even from the same page) this very host. A request with
 * no Origin is not from a browser page and carries nothing a page could abuse.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  allowed: readonly string[],
  host?: string | undefined,
): boolean {
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  if (host === undefined) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export async function registerCors(app: FastifyInstance, appOrigins: readonly string[]): Promise<void> {
  const allowed = new Set(appOrigins);
  await app.register(cors, {
    delegator: (request: FastifyRequest, callback) => {
      const origin = request.headers.origin;
      const permitted = origin !== undefined && allowed.has(origin) && isCrossOriginPath(request.url);
      callback(null, {
        origin: permitted ? origin : false,
        methods: CORS_METHODS,
        allowedHeaders: CORS_ALLOWED_HEADERS,
        exposedHeaders: CORS_EXPOSED_HEADERS,
        credentials: false,
        maxAge: CORS_MAX_AGE_SECONDS,
        strictPreflight: true,
      });
    },
  });
}
