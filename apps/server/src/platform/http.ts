/** Small helpers shared by route files. */
import { errorBodySchema } from '@tradehall/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Every route documents the error body for 4xx and 5xx answers. */
export const errorResponses = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;

/** Where a login comes from, recorded on its session for the sessions list. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

const MAX_USER_AGENT = 512;

export function clientMeta(request: FastifyRequest): ClientMeta {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip || null,
    userAgent: typeof userAgent === 'string' && userAgent !== '' ? userAgent.slice(0, MAX_USER_AGENT) : null,
  };
}

/**
 * A pause between an answer leaving and the work that follows it: on the embedded database a query runs
 * on this thread, and work started on the very next turn still lands within the time a client measures
 * for the answer (which would tell, say, a known account from an unknown one).
 */
export const AFTER_RESPONSE_DELAY_MS = 20;

/**
 * Runs `work` once the answer has left (or the client went away), AFTER_RESPONSE_DELAY_MS later: for
 * work the answer must not wait for, nor be slowed by where the server has one thread.
 */
export function afterResponse(reply: FastifyReply, work: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    setTimeout(work, AFTER_RESPONSE_DELAY_MS);
  };
  reply.raw.once('finish', start);
  reply.raw.once('close', start);
}
