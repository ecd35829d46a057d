/** The Redis client, only when REDIS_URL is set. Fails fast rather than queueing commands forever. */
import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

export function createRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableAutoPipelining: true,
  });
  redis.on('error', (error: Error) => logger.warn({ err: error }, 'redis error'));
  return redis;
}
