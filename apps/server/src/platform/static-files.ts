/**
 * The built web app at / and the console at /console/, when their dist folders exist (npm start builds
 * them; the API runs without). The web app routes by hash, so only the console needs an index.html
 * fallback for deep links.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const CONSOLE_PREFIX = '/console/';

export interface StaticSites {
  web: boolean;
  console: boolean;
}

const hasIndex = (dir: string) => existsSync(path.join(dir, 'index.html'));

/** index.html must be revalidated (it names the current hashed assets); hashed assets never change. */
function cacheHeaders(reply: FastifyReply, filePath: string): void {
  if (filePath.endsWith('.html')) reply.header('cache-control', 'no-cache');
  else if (/[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|webp)$/.test(filePath)) {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  }
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
      setHeaders: cacheHeaders,
    });
    replyDecorated = true;
  }
  if (sites.console) {
    await app.register(fastifyStatic, {
      root: dirs.consoleDistDir,
      prefix: CONSOLE_PREFIX,
      decorateReply: !replyDecorated,
      setHeaders: cacheHeaders,
    });
    app.get('/console', (_request, reply) => reply.redirect(CONSOLE_PREFIX));
  }
  return sites;
}

/** For a GET under /console/ that matched no file: the console's index.html (client-side routing). */
export function sendConsoleIndex(reply: FastifyReply, consoleDistDir: string): FastifyReply {
  reply.header('cache-control', 'no-cache');
  return reply.sendFile('index.html', consoleDistDir);
}
