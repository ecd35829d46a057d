/** The Redis client, only when REDIS_URL is set. Fails fast rather than queueing commands forever. */
import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

export interface RedisOptions {
  /**
   * Keep commands queued while Redis is unreachable and send them on reconnection, instead of failing
   * them. For connections whose commands are issued by libraries that do not handle a failed command
   * (the socket.io Redis adapter's subscribe and publish): a rejection there would be unhandled.
   */
  waitForConnection?: boolean;
}

/**
 * `name` labels the connection in logs and in Redis's CLIENT LIST (the shared client, or one of the
 * realtime gateway's connections).
 */
export function createRedis(
  url: string,
  logger: Logger,
  name = 'tradehall',
  options: RedisOptions = {},
): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: options.waitForConnection ? null : 1,
    enableAutoPipelining: true,
    connectionName: name,
  });
  redis.on('error', (error: Error) => logger.warn({ err: error, redis: name }, 'redis error'));
  return redis;
}
