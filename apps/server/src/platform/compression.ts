/**
 * Compression of the answers the server builds per request (JSON of the API, the OpenAPI description),
 * once they exceed COMPRESS_MIN_BYTES: brotli when the client accepts it, else gzip. Lists of rounds,
 * positions and records shrink five- to tenfold, which a phone on a slow link feels. Files of the built
 * apps are not touched here: they stream precompressed copies made at build time (static-files.ts).
 *
 * Brotli runs at quality 4 and gzip at level 6: per request, the highest levels cost more CPU time than
 * the bytes they save over a mobile link.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this, the compressed answer saves less than the cost of compressing (and of a packet). */
export const COMPRESS_MIN_BYTES = 1024;

const COMPRESSIBLE_TYPE = /^(application\/(json|problem\+json|javascript|xml|yaml)|text\/|image\/svg\+xml)/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with: brotli if the client lists it (q > 0), else gzip, else none. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

export function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** The body to compress, or null when this answer goes out as it is. */
function compressibleBody(request: FastifyRequest, reply: FastifyReply, payload: unknown): Buffer | null {
  // Streams (files, precompressed or not) and empty answers pass through untouched.
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return null;
  if (reply.getHeader('content-encoding')) return null;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!COMPRESSIBLE_TYPE.test(type)) return null;
  // Byte length without copying a short string: most API answers end here.
  if (typeof payload === 'string' && payload.length < COMPRESS_MIN_BYTES / 3) return null;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return body.length < COMPRESS_MIN_BYTES ? null : body;
}

export async function compress(encoding: Encoding, body: Buffer): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipAsync(body, { level: 6 });
}

/** Registered on the root instance, before the routes, so every answer goes through it. */
export function registerCompression(app: FastifyInstance): void {
  // A callback hook, not an async one: the answers that are not compressed (most of them) pass on
  // without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const body = compressibleBody(request, reply, payload);
    if (!body) return done(null, payload);
    addVary(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    compress(encoding, body).then(
      (compressed) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, compressed);
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}
