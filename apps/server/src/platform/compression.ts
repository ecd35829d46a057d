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

type Encoding = 'br' | 'gzip';

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

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

async function compress(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  // Streams (files, precompressed or not) and empty answers pass through untouched.
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
  if (reply.getHeader('content-encoding')) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!COMPRESSIBLE_TYPE.test(type)) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < COMPRESS_MIN_BYTES) return payload;
  addVary(reply);
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const compressed =
    encoding === 'br'
      ? await brotli(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : await gzipAsync(body, { level: 6 });
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compressed;
}

/** Registered on the root instance, before the routes, so every answer goes through it. */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => compress(request, reply, payload));
}
