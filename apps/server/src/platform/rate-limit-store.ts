/**
 * The rate-limit store used with Redis: counts in Redis (shared by every node) while Redis answers, and
 * per process, in memory, while it does not, so a Redis outage never switches the limits off nor makes
 * a request wait for Redis. Each count is also kept in memory while Redis is up, so a node that loses
 * Redis mid-window goes on from its own attempts in that window rather than from zero. When Redis
 * answers again the shared counts take over.
 *
 * Both halves are @fastify/rate-limit's own stores; this only chooses between them.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** After a failed command on a connection that looks ready (a hung server), stay local this long. */
const RETRY_SHARED_AFTER_MS = 1_000;

interface StoreResult {
  current: number;
  ttl: number;
}
/** How the library's stores answer (RedisStore passes null with an error). */
type StoreCallback = (error: Error | null, result?: StoreResult | null) => void;
/** How the plugin wants an answer. */
type PluginCallback = (error: Error | null, result?: StoreResult) => void;

/** @fastify/rate-limit's store interface (store/LocalStore.js, store/RedisStore.js). */
interface LibraryStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  /** `options`: the route's options merged over the plugin's, passed through as the plugin gives them. */
  child(options: object): LibraryStore;
}

// The plugin does not export its stores' types; these are their constructors as the plugin calls them.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => LibraryStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => LibraryStore;

type StoreLogger = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** Whether to ask Redis, shared by every store of one app; logs each switch once. */
class SharedCounts {
  #retryAt = 0;
  #local = false;

  constructor(
    private readonly redis: Redis,
    private readonly logger: StoreLogger,
  ) {}

  /** False while the client is not connected (its commands would fail at once) or just failed. */
  usable(): boolean {
    if (this.redis.status !== 'ready') {
      this.goLocal(null);
      return false;
    }
    return Date.now() >= this.#retryAt;
  }

  failed(error: Error | null): void {
    this.#retryAt = Date.now() + RETRY_SHARED_AFTER_MS;
    this.goLocal(error);
  }

  answered(): void {
    if (!this.#local) return;
    this.#local = false;
    this.logger.info('rate limits shared through Redis again');
  }

  private goLocal(error: Error | null): void {
    if (this.#local) return;
    this.#local = true;
    this.logger.warn(
      error ? { err: error } : {},
      'redis unavailable: rate limits counted per process until it answers again',
    );
  }
}

class RedisWithLocalFallback {
  constructor(
    private readonly shared: LibraryStore,
    private readonly local: LibraryStore,
    private readonly counts: SharedCounts,
  ) {}

  incr(key: string, callback: PluginCallback, timeWindow: number, max: number): void {
    // The in-memory store answers synchronously and never fails.
    this.local.incr(
      key,
      (localError, localResult) => {
        this.ask(
          'incr',
          key,
          timeWindow,
          max,
          () => callback(localError, localResult ?? undefined),
          callback,
        );
      },
      timeWindow,
      max,
    );
  }

  read(key: string, callback: PluginCallback, timeWindow: number, max: number): void {
    const fallback = () =>
      this.local.read(key, (error, result) => callback(error, result ?? undefined), timeWindow, max);
    this.ask('read', key, timeWindow, max, fallback, callback);
  }

  child(options: object): RedisWithLocalFallback {
    return new RedisWithLocalFallback(this.shared.child(options), this.local.child(options), this.counts);
  }

  /** Redis's answer when it gives one, else what `fallback` answers. */
  private ask(
    method: 'incr' | 'read',
    key: string,
    timeWindow: number,
    max: number,
    fallback: () => void,
    callback: PluginCallback,
  ): void {
    if (!this.counts.usable()) {
      fallback();
      return;
    }
    this.shared[method](
      key,
      (error, result) => {
        if (error || !result) {
          this.counts.failed(error);
          fallback();
          return;
        }
        this.counts.answered();
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }
}

/** The plugin's `store` option: constructed once by the plugin with its global options. */
export function redisStoreWithLocalFallback(
  redis: Redis,
  nameSpace: string,
  logger: StoreLogger,
): FastifyRateLimitStoreCtor {
  const counts = new SharedCounts(redis, logger);
  return class extends RedisWithLocalFallback {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        counts,
      );
    }
  };
}
