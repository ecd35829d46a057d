/** The Redis client, only when REDIS_URL is set. Fails fast rather than queueing commands forever. */
import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

/**
 * `name` labels the connection in logs and in Redis's CLIENT LIST (the shared client, or one of the
 * realtime gateway's subscriber connections, which Redis dedicates to pub/sub once they subscribe).
 */
export function createRedis(url: string, logger: Logger, name = 'tradehall'): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableAutoPipelining: true,
    connectionName: name,
  });
  redis.on('error', (error: Error) => logger.warn({ err: error, redis: name }, 'redis error'));
  return redis;
}
