/** Small helpers shared by route files. */
import { errorBodySchema } from '@tradehall/contracts';
import type { FastifyRequest } from 'fastify';

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
