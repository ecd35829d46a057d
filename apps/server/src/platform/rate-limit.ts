/**
 * Rate limits: every API route per IP (generous; the built files are not counted, see static-files.ts),
 * auth routes per IP (tight), and login / reset-code
 * attempts per account name whatever the IP. In memory on one node, in Redis when REDIS_URL is set so
 * all nodes share the counts, falling back to per-process counts while Redis is unavailable (limits are
 * never off, see rate-limit-store.ts). A refusal is RATE_LIMITED with the seconds to wait.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import { redisStoreWithLocalFallback } from './rate-limit-store.ts';
import { isStaticFileRoute } from './static-files.ts';

const MINUTE_MS = 60_000;

export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  redis: Redis | null,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.globalPerMinute,
    timeWindow: MINUTE_MS,
    // Per deployment, like the realtime channels: two deployments on one Redis do not share counts.
    ...(redis
      ? { store: redisStoreWithLocalFallback(redis, `${config.realtime.redisPrefix}:rate-limit:`, app.log) }
      : {}),
    allowList: (request) => isStaticFileRoute(request.routeOptions.url),
    // The store never fails (it falls back to memory); were it to, refuse rather than serve unlimited.
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { retryAfterSeconds: context.ttl / 1000 }),
  });
}

/** Route config for a per-IP limit other than the global one. */
export function perIpLimit(max: number) {
  return { rateLimit: { max, timeWindow: MINUTE_MS } };
}

/**
 * A limiter keyed by the account name in the (already validated) body, normalised by `normalize`; call
 * it at the start of a handler. Throws RATE_LIMITED when the name has had too many attempts this minute.
 * Counted in the app's store (a child of it), so it falls back to memory with the per-IP limits.
 */
export function perAccountLimiter(
  app: FastifyInstance,
  name: string,
  max: number,
  normalize: (account: string) => string,
) {
  const limit = app.createRateLimit({
    max,
    timeWindow: MINUTE_MS,
    keyGenerator: (request: FastifyRequest) => `${name}:${normalize(accountOf(request.body))}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: result.ttl / 1000 });
    }
  };
}

function accountOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'account' in body && typeof body.account === 'string') {
    return body.account;
  }
  return '';
}
