/**
 * Sends a SharedRead: its ETag, 304 when the client already has it, otherwise its JSON body as it was
 * serialised once (Fastify sends a string with a JSON content type as is). `no-cache`: a client may keep
 * it but asks again each time (the security headers' default for API answers is no-store).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag, type SharedRead } from './shared-read-cache.ts';

export function sendShared<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: SharedRead<T>,
): FastifyReply {
  reply.header('etag', read.etag).header('cache-control', 'no-cache');
  if (matchesEtag(request.headers['if-none-match'], read.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(read.body);
}
