/**
 * Sends a SharedRead: its ETag, 304 when the client already has it, otherwise its JSON body as it was
 * serialised once (Fastify sends a string with a JSON content type as is). `no-cache`: a client may keep
 * it but asks again each time (the security headers' default for API answers is no-store).
 *
 * What a route that sends one documents (its declaration says `conditional`): the ETag on the answer and
 * the bodiless 304.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
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

const etagHeader = {
  type: 'string',
  description: 'The version of the answer; send it back in If-None-Match to be told 304 when unchanged',
};

/** A conditional answer's schema with its ETag header documented (OpenAPI response headers). */
export function withEtag(schema: z.ZodType): z.ZodType {
  return schema.meta({ headers: { etag: etagHeader } });
}

/** The 304: no body (an undefined answer is documented without content), the same ETag. */
export const notModifiedResponse = z.undefined().meta({
  description: 'Not Modified: the If-None-Match named the current ETag',
  headers: { etag: etagHeader },
});
