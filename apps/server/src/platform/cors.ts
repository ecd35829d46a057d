/**
 * Cross-origin access for the app's other lines. A page served by one line calls the API of whichever
 * line the user chose, so the API, the uploads endpoint and /remote-config.json answer CORS, for the
 * configured app origins only (APP_ORIGINS): any other origin gets no CORS header at all (its preflight is
 * a plain 404), so a browser never hands it an answer. The app authenticates with a bearer token it adds
 * itself, never with cookies, so credentials stay off: a foreign page has nothing ambient to ride on.
 *
 * /ws and socket.io check the same list on their handshakes (isAllowedOrigin below).
 *
 * The answers are @fastify/cors's (in its per-request "delegator" mode, which this replaced): Vary: Origin
 * on every answer, strict preflights (an OPTIONS without Access-Control-Request-Method is refused 400),
 * a 204 with Content-Length 0 for a good one, a 404 for a preflight from anywhere else. The plugin
 * normalised its whole options object twice per request, about 6% of an ordinary read's time; here every
 * header value is computed once.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
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

const ALLOW_METHODS = CORS_METHODS.join(', ');
const ALLOW_HEADERS = CORS_ALLOWED_HEADERS.join(', ');
const EXPOSE_HEADERS = CORS_EXPOSED_HEADERS.join(', ');
const MAX_AGE = String(CORS_MAX_AGE_SECONDS);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the CORS hook for a preflight it answered; the OPTIONS route 404s any other. */
    corsPreflightEnabled: boolean;
  }
}

/** Every answer varies by Origin (what it carries depends on it), added to a Vary already there. */
function varyByOrigin(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined || vary === '') {
    reply.header('vary', 'Origin');
    return;
  }
  const fields = String(vary)
    .toLowerCase()
    .split(',')
    .map((field) => field.trim());
  if (fields.includes('*') || fields.includes('origin')) return;
  reply.header('vary', `${String(vary)}, Origin`);
}

export async function registerCors(app: FastifyInstance, appOrigins: readonly string[]): Promise<void> {
  const allowed = new Set(appOrigins);
  app.decorateRequest('corsPreflightEnabled', false);
  app.addHook('onRequest', (request, reply, done) => {
    varyByOrigin(reply);
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin) || !isCrossOriginPath(request.url)) {
      done();
      return;
    }
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSE_HEADERS);
    if (request.raw.method !== 'OPTIONS') {
      done();
      return;
    }
    if (!request.headers['access-control-request-method']) {
      reply.status(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    request.corsPreflightEnabled = true;
    reply.header('access-control-allow-methods', ALLOW_METHODS);
    reply.header('access-control-allow-headers', ALLOW_HEADERS);
    reply.header('access-control-max-age', MAX_AGE);
    // Safari waits for a body on a 204 without Content-Length 0.
    reply.code(204).header('content-length', '0').send();
  });
  // Lets the router accept preflights at all; the hook above has answered every one it allows.
  app.options('*', { schema: { hide: true } }, (request, reply) => {
    if (!request.corsPreflightEnabled) {
      reply.callNotFound();
      return;
    }
    reply.send();
  });
}
