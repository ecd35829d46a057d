/**
 * The built web app at / and the console at /console/, when their dist folders exist (npm start builds
 * them; the API runs without). The web app routes by hash, so only the console needs an index.html
 * fallback for deep links.
 *
 * Both builds write a brotli and a gzip copy beside every text asset (scripts/precompress.mjs): those are
 * sent as they are (preCompressed, with Content-Encoding and Vary: Accept-Encoding), so nothing is
 * compressed per request and a phone downloads a quarter of the bytes.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

export const CONSOLE_PREFIX = '/console/';

/** GET /console answers a redirect to the console's folder: no body, its Location documented. */
const consoleRedirect = z.undefined().meta({
  description: `Found: the console is at ${CONSOLE_PREFIX}`,
  headers: { location: { type: 'string', enum: [CONSOLE_PREFIX], description: 'The console' } },
});

export interface StaticSites {
  web: boolean;
  console: boolean;
}

const hasIndex = (dir: string) => existsSync(path.join(dir, 'index.html'));

/**
 * The routes that serve the built files. They are left out of the per-IP request limit: a phone that
 * installs the app fetches every file of the build at once (the service worker's precache, ~130 files),
 * many phones share one address behind a carrier's NAT, and a file read from disk costs no database work.
 */
export function isStaticFileRoute(routeUrl: string | undefined): boolean {
  return routeUrl === '/*' || routeUrl === `${CONSOLE_PREFIX}*`;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file whose name carries its content hash (Vite's `name-<hash>.ext`), maybe as its .br / .gz copy. */
const HASHED_ASSET = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|webp)(\.br|\.gz)?$/;

/**
 * Hashed assets never change: cached for a year without revalidation. Everything else (index.html, which
 * names the current hashed assets, the service worker, the manifest, icons) is revalidated on every use
 * so a release is seen at once.
 */
export function cacheControlFor(filePath: string): string {
  return HASHED_ASSET.test(filePath) ? IMMUTABLE : 'no-cache';
}

function cacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('cache-control', cacheControlFor(filePath));
}

export async function registerStaticSites(
  app: FastifyInstance,
  dirs: { webDistDir: string; consoleDistDir: string },
): Promise<StaticSites> {
  const sites: StaticSites = { web: hasIndex(dirs.webDistDir), console: hasIndex(dirs.consoleDistDir) };
  let replyDecorated = false;
  if (sites.web) {
    await app.register(fastifyStatic, {
      root: dirs.webDistDir,
      prefix: '/',
      wildcard: true,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
    replyDecorated = true;
  }
  if (sites.console) {
    await app.register(fastifyStatic, {
      root: dirs.consoleDistDir,
      prefix: CONSOLE_PREFIX,
      decorateReply: !replyDecorated,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
    app.get('/console', { schema: { response: { 302: consoleRedirect } } }, (_request, reply) =>
      reply.redirect(CONSOLE_PREFIX),
    );
  }
  return sites;
}

/** For a GET under /console/ that matched no file: the console's index.html (client-side routing). */
export function sendConsoleIndex(reply: FastifyReply, consoleDistDir: string): FastifyReply {
  reply.header('cache-control', 'no-cache');
  return reply.sendFile('index.html', consoleDistDir);
}
