/**
 * startRealtime wired to the application's services, so main.ts and the tests compose it the same way.
 */
import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import type { Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { Logger } from './platform/logger.ts';
import { createRedis } from './platform/redis.ts';
import { type Realtime, startRealtime } from './realtime/realtime.ts';
import { RoomDirectory } from './realtime/room-directory.ts';
import type { Services } from './services.ts';

export interface RealtimeForServices {
  config: Config;
  services: Services;
  clock: Clock;
  logger: Logger;
  /** The node's shared Redis client (publishes); subscriber connections are opened next to it. */
  redis: Redis | null;
  /** The HTTP server to serve clients on; null on nodes without a gateway (ROLE=api, scheduler). */
  server: HttpServer | null;
}

export function startRealtimeForServices(deps: RealtimeForServices): Promise<Realtime> {
  const { config, services, logger, redis } = deps;
  const redisUrl = config.redisUrl;
  const rooms = new RoomDirectory(async () => (await services.rooms.list(null)).items.map((room) => room.id));
  return startRealtime({
    config: config.realtime,
    events: services.events,
    sessions: services.sessions,
    roomExists: (roomId) => rooms.exists(roomId),
    announcementsEnabled: async (userId) => (await services.notifications.settingsFor(userId)).announcement,
    rememberLocale: (userId, locale) => services.notifications.rememberLocale(userId, locale),
    clock: deps.clock,
    logger,
    server: deps.server,
    allowedOrigins: config.lines.appOrigins,
    redis:
      redis && redisUrl
        ? {
            publisher: redis,
            connect: (name, use) =>
              createRedis(redisUrl, logger, `tradehall:${name}`, {
                use,
                commandTimeoutMs: config.redisCommandTimeoutMs,
              }),
          }
        : null,
  });
}
