/**
 * Redis clients, only when REDIS_URL is set. Redis is a shared convenience (cross-node rate-limit counts,
 * realtime fan-out between nodes), never something a request waits on: while it is unreachable a
 * command fails at once instead of queueing, a command to a hung server gives up after a short timeout,
 * and the client reconnects in the background with a capped backoff. Callers fall back to per-process
 * behaviour on failure (rate-limit-store.ts, realtime/).
 */
import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

/** How long a command may wait for Redis's answer before it fails (REDIS_COMMAND_TIMEOUT_MS). */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 500;
/** The longest pause between reconnection attempts: Redis is back in use within this of returning. */
export const REDIS_RECONNECT_CAP_MS = 2_000;
const REDIS_RECONNECT_FIRST_MS = 100;
const CONNECT_TIMEOUT_MS = 2_000;

export interface RedisOptions {
  /**
   * `commands` (default): fail fast, for connections whose callers handle a failed command (the shared
   * client, the socket.io adapter's publisher with its publish guarded by guardPublishes).
   *
   * `subscriber`: a connection that only ever subscribes (the relay's and the socket.io adapter's).
   * Its few subscribe commands wait for the connection instead of failing, and have no timeout: the
   * adapter issues them without handling a failure, and ioredis re-issues them itself on reconnection
   * (also unhandled), so a failure there would be an unhandled rejection. The queue cannot grow: nothing
   * but those subscribes is ever sent on it.
   */
  use?: 'commands' | 'subscriber';
  /** Command timeout of a `commands` connection; DEFAULT_REDIS_COMMAND_TIMEOUT_MS when unset. */
  commandTimeoutMs?: number;
}

/** Exponential from 100 ms, capped at REDIS_RECONNECT_CAP_MS, with jitter so nodes do not reconnect in step. */
export function reconnectDelayMs(attempt: number): number {
  const exponential = REDIS_RECONNECT_FIRST_MS * 2 ** Math.min(Math.max(attempt - 1, 0), 10);
  const jittered = exponential * (0.8 + Math.random() * 0.2);
  return Math.round(Math.min(jittered, REDIS_RECONNECT_CAP_MS));
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
  const subscriber = options.use === 'subscriber';
  const redis = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: reconnectDelayMs,
    // Commands sent while disconnected fail at once; the offline queue would hold them (and the request
    // waiting on them) until Redis returns.
    enableOfflineQueue: subscriber,
    ...(subscriber
      ? { maxRetriesPerRequest: null }
      : {
          commandTimeout: options.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
          // A command in flight when the connection drops fails at the next reconnection attempt rather
          // than being re-sent later.
          maxRetriesPerRequest: 0,
          enableAutoPipelining: true,
        }),
    connectionName: name,
  });
  watchAvailability(redis, logger, name);
  return redis;
}

/**
 * One warning when a connection is lost (or cannot be made) and one line when it is back, rather than an
 * error per failed reconnection attempt (every REDIS_RECONNECT_CAP_MS for as long as Redis is gone).
 */
function watchAvailability(redis: Redis, logger: Logger, name: string): void {
  let warned = false;
  const warn = (error: Error | null) => {
    if (warned) return;
    warned = true;
    logger.warn(
      { ...(error ? { err: error } : {}), redis: name },
      'redis unavailable; reconnecting in the background',
    );
  };
  redis.on('error', (error: Error) => warn(error));
  // Not 'close': that one also ends a deliberate quit.
  redis.on('reconnecting', () => warn(null));
  redis.on('ready', () => {
    if (warned) logger.info({ redis: name }, 'redis available again');
    warned = false;
  });
}

/** The commands guardCommands can guard: the ones libraries issue without handling a failure. */
export type GuardedCommand = 'publish' | 'subscribe' | 'psubscribe';

/**
 * Makes these commands on this connection always resolve (to null on failure), reporting a failure to
 * `onError` instead of rejecting. For connections handed to code that issues them without handling a
 * rejection: the socket.io Redis adapter (its publishes, and its subscribes when its connection is
 * closed before they ran) and ioredis itself (it re-subscribes on reconnection through these methods).
 * Without this a Redis outage would surface as unhandled rejections.
 */
export function guardCommands(
  redis: Redis,
  commands: readonly GuardedCommand[],
  onError: (command: GuardedCommand, error: unknown) => void,
): Redis {
  for (const command of commands) {
    const original: unknown = Reflect.get(redis, command);
    if (typeof original !== 'function') throw new Error(`ioredis has no ${command} method`);
    const failed = (error: unknown) => {
      onError(command, error);
      return null;
    };
    // Called synchronously, so commands still go out in the order they were issued.
    const guarded = (...args: unknown[]): Promise<unknown> => {
      try {
        return Promise.resolve(Reflect.apply(original, redis, args) as unknown).catch(failed);
      } catch (error) {
        return Promise.resolve(failed(error));
      }
    };
    Object.defineProperty(redis, command, { value: guarded, configurable: true, writable: true });
  }
  return redis;
}

/** Leaves Redis: QUIT when connected, else drops the connection (a QUIT would wait or fail). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  await redis.quit().then(
    () => undefined,
    () => redis.disconnect(),
  );
}
