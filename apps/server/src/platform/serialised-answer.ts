/**
 * A JSON answer serialised once and sent as the same bytes to every request that shares it (a round's
 * committed set, decision 0043): its UTF-8 body and, made on first demand and kept beside it, its
 * brotli and gzip forms, so a burst of requests for a large answer costs one serialisation and one
 * compression per encoding instead of one each. The compression hook (compression.ts) leaves an answer
 * that already names its encoding alone; the encodings and levels are that hook's.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary, COMPRESS_MIN_BYTES, compress, type Encoding, negotiateEncoding } from './compression.ts';

export class SerialisedAnswer {
  readonly body: Buffer;
  readonly #encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(json: string) {
    this.body = Buffer.from(json);
  }

  /** The body in `encoding`, compressed by the first request that asks; a failure is not kept. */
  encoded(encoding: Encoding): Promise<Buffer> {
    const kept = this.#encoded.get(encoding);
    if (kept) return kept;
    const made = compress(encoding, this.body);
    this.#encoded.set(encoding, made);
    void made.catch(() => {
      if (this.#encoded.get(encoding) === made) this.#encoded.delete(encoding);
    });
    return made;
  }
}

/** Sends the answer's bytes as JSON, in the encoding the client accepts if it is worth compressing. */
export async function sendSerialised(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SerialisedAnswer,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  if (answer.body.length < COMPRESS_MIN_BYTES) return reply.send(answer.body);
  addVary(reply);
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.body);
  const body = await answer.encoded(encoding);
  return reply.header('content-encoding', encoding).send(body);
}
