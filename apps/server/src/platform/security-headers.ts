/**
 * Security headers on every answer, through helmet, plus what helmet does not know about us:
 *
 * - One Content-Security-Policy for the web app and the console (pageDirectives). No inline script:
 *   both index.html files load one module script from 'self'. style-src keeps 'unsafe-inline' because
 *   antd (the console) writes its CSS-in-JS into runtime <style> elements and both apps use React style
 *   attributes; hashes cannot cover styles generated at run time, and a nonce would need every index.html
 *   templated per request. Injected CSS can restyle a page but runs no code, while scripts stay 'self'.
 *   img-src allows data: (the web app's inline favicon, the console's locally drawn TOTP QR code) and
 *   blob: (receipt images the console fetches with its token and shows through object URLs), and the map
 *   tile host (MAP_TILE_URL). connect-src lists every server line (https and wss forms) and the remote
 *   config's host, so switching lines and reading the config from object storage work in the browser.
 * - The API docs get DOCS_CSP (openapi.ts) through @fastify/swagger-ui's staticCSP (its pages load
 *   scripts from 'self' only); the sandbox gateway's checkout page (a nonce for its one inline script
 *   and style) and uploaded images set their own, stricter ones, which are left as they are.
 * - JSON answers under /api get `default-src 'none'`: nothing in them is ever meant to be rendered.
 * - Cache-Control: no-store on API answers and on anything asked for with a bearer token, unless the
 *   route chose its own caching.
 * - Framing refused twice over (frame-ancestors 'none' and X-Frame-Options: DENY, for old browsers);
 *   no Referer leaves the app (its URLs carry nothing another site needs).
 * - Strict-Transport-Security and upgrade-insecure-requests only when PUBLIC_URL is https: on plain
 *   http (a laptop, a test) HSTS would pin the host to https it does not serve.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config.ts';
import { DOCS_PREFIX } from './openapi.ts';
import type { ServerLinesConfig } from './server-lines-config.ts';

type Directives = Record<string, string[]>;

/** A realtime socket's origin: 'self' covers same-origin ws(s) in current browsers, older ones not. */
function realtimeOrigin(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** Every line's API origin and its realtime form, the public URL's, and the remote config's host. */
export function lineSources(publicUrl: string | null, lines: ServerLinesConfig | null): string[] {
  const origins = [
    ...(publicUrl ? [new URL(publicUrl).origin] : []),
    ...(lines?.lines.map((line) => line.url) ?? []),
  ];
  const sources = origins.flatMap((origin) => [origin, realtimeOrigin(origin)]);
  if (lines?.remoteConfigUrl) sources.push(new URL(lines.remoteConfigUrl).origin);
  return [...new Set(sources)];
}

/**
 * The map tiles' host as a CSP source: `https://tile.example.org`, or `https://*.tile.example.org` for a
 * template that picks a subdomain ({s}).
 */
export function tileSource(tileUrl: string): string {
  const url = new URL(tileUrl.replaceAll('{s}', 'tile-subdomain').replace(/\{[a-z]\}/g, '0'));
  const host = tileUrl.includes('{s}') ? url.host.replace('tile-subdomain', '*') : url.host;
  return `${url.protocol}//${host}`;
}

export function isHttps(publicUrl: string | null): boolean {
  return publicUrl !== null && new URL(publicUrl).protocol === 'https:';
}

/** The web app's and the console's policy (helmet's camelCase directive names). */
export function pageDirectives(publicUrl: string | null, lines: ServerLinesConfig | null = null): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(lines ? [tileSource(lines.map.tileUrl)] : [])],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...lineSources(publicUrl, lines)],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(isHttps(publicUrl) ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** For JSON: nothing to load, nothing to frame. */
export const API_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const CSP = 'content-security-policy';
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith(DOCS_PREFIX);

function noStore(request: FastifyRequest, reply: FastifyReply): boolean {
  if (reply.hasHeader('cache-control')) return false;
  return isApi(request.url) || request.headers.authorization !== undefined;
}

/**
 * helmet's headers for this configuration, computed once: helmet's middleware run on a stand-in response
 * that records what it sets. They depend on the configuration only (no nonce, nothing from the request),
 * so every answer gets the same ones.
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (error?: unknown) => {
      failure = error ?? null;
    },
  );
  if (failure) throw failure;
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // Computed once and added to each reply's own headers in one call. Running helmet's middleware per
  // request (eleven functions, each setting a header on the raw response) was about 10% of an ordinary
  // read's time, and headers set on the raw response also send node's writeHead down its slower path
  // (every header validated and merged one by one). The headers sent are the same.
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: pageDirectives(config.publicUrl, config.lines) },
    strictTransportSecurity: isHttps(config.publicUrl)
      ? // A year, this host only: other hosts under the same domain are not ours to pin.
        { maxAge: 31_536_000, includeSubDomains: false }
      : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  const pagePolicy = headers[CSP];
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (noStore(request, reply)) reply.header('cache-control', 'no-store');
    // A route that chose its own policy (the checkout page, uploads) replaced the page policy: left as is.
    if (isApi(request.url) && reply.getHeader(CSP) === pagePolicy) {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/json')) reply.header(CSP, API_CSP);
    }
    done(null, payload);
  });
}
