/**
 * The realtime part of one node, composed by role:
 *
 * | node                      | /ws + socket.io on its HTTP server | publishes its events to Redis | receives others' |
 * |---------------------------|------------------------------------|-------------------------------|------------------|
 * | ROLE=all, no REDIS_URL    | yes                                | -                             | -                |
 * | ROLE=all or realtime      | yes                                | yes (with REDIS_URL)          | yes              |
 * | ROLE=api or scheduler     | no                                 | yes                           | no               |
 *
 * Events produced on this node are delivered to its own clients directly; /ws events of other nodes
 * arrive through the EventRelay, socket.io operations of other nodes through the Redis adapter.
 *
 * Ended sessions (`disconnect`) take both paths to socket.io: the adapter's request, which travels in
 * order with the notices emitted after it, and the relay's copy, which every realtime node also counts
 * (SessionEndings) and applies to its own sockets, so a socket that was being admitted when the
 * adapter's request came is caught by the relay's (session-check.ts).
 *
 * A Redis outage only cuts the nodes off from each other: every node goes on delivering its own events
 * to its own clients (nothing here waits for Redis or fails when it is gone), and the subscriber
 * connections subscribe again when Redis returns (ioredis re-issues their subscriptions), so the nodes
 * hear each other again within a reconnection delay. Events published during the outage are not replayed
 * to the other nodes: Redis pub/sub keeps nothing.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Locale } from '@tradehall/domain';
import type { Redis } from 'ioredis';
import { type Clock, toUnixSeconds } from '../platform/clock.ts';
import type { RealtimeConfig } from '../platform/config.ts';
import type { DomainEvent, DomainEvents } from '../platform/events.ts';
import type { Logger } from '../platform/logger.ts';
import { closeRedis, type GuardedCommand, guardCommands } from '../platform/redis.ts';
import { EventRelay } from './event-relay.ts';
import { type SessionAuthenticator, SessionEndings } from './session-check.ts';
import { SocketIoGateway } from './socket-io-gateway.ts';
import { routeUpgrades } from './upgrade-router.ts';
import { WsGateway } from './ws-gateway.ts';

export interface RealtimeDeps {
  config: RealtimeConfig;
  events: DomainEvents;
  sessions: SessionAuthenticator;
  roomExists: (roomId: string) => Promise<boolean>;
  announcementsEnabled: (userId: string) => Promise<boolean>;
  /** Told the language of each authenticated connection. */
  rememberLocale?: (userId: string, locale: Locale) => Promise<void>;
  clock: Clock;
  logger: Logger;
  /** The HTTP server to serve /ws and socket.io on; null on nodes without a gateway. */
  server: HttpServer | null;
  /**
   * Origins whose pages may connect (APP_ORIGINS). A browser handshake from any other origin is refused
   * (a page this server served itself, same host, is always let in); absent, every origin is.
   */
  allowedOrigins?: readonly string[];
  /**
   * Redis, when the deployment has it: `publisher` publishes relayed events (the node's shared client;
   * failures are caught), and `connect()` opens the dedicated connections: the relay's subscriber and the
   * socket.io adapter's publisher and subscriber (createRedis's `use`). The adapter does not handle a
   * failed command, so its connections' publish and subscribe commands are guarded here.
   */
  redis: { publisher: Redis; connect: (name: string, use: 'commands' | 'subscriber') => Redis } | null;
}

const GUARDED: readonly GuardedCommand[] = ['publish', 'subscribe', 'psubscribe'];

export interface Realtime {
  /** Present on nodes that serve clients. */
  readonly ws: WsGateway | null;
  readonly socketIo: SocketIoGateway;
  readonly relay: EventRelay | null;
  /** Closes client connections (1001 on /ws) and leaves Redis; call before closing the HTTP server. */
  close(): Promise<void>;
}

export async function startRealtime(deps: RealtimeDeps): Promise<Realtime> {
  const { config, events, sessions, logger, server, redis } = deps;
  // Failures there are expected during an outage (the connection itself warns once): not worth a line each.
  const guard = (client: Redis) =>
    guardCommands(client, GUARDED, (command, error) =>
      logger.debug({ err: error, command }, 'redis command for realtime failed'),
    );
  const adapterClients = redis
    ? {
        pub: guard(redis.connect('socket.io-pub', 'commands')),
        sub: guard(redis.connect('socket.io-sub', 'subscriber')),
      }
    : null;
  const adapter = adapterClients
    ? createAdapter(adapterClients.pub, adapterClients.sub, { key: `${config.redisPrefix}:socket.io` })
    : undefined;
  const endings = new SessionEndings();
  const socketIo = new SocketIoGateway(
    {
      sessions,
      endings,
      clock: deps.clock,
      expiryCheckMs: config.pingIntervalMs,
      announcementsEnabled: deps.announcementsEnabled,
      ...(deps.rememberLocale ? { rememberLocale: deps.rememberLocale } : {}),
      logger,
    },
    {
      httpServer: server,
      polling: config.socketIoPolling,
      ...(adapter ? { adapter } : {}),
      ...(deps.allowedOrigins ? { allowedOrigins: deps.allowedOrigins } : {}),
    },
  );
  const ws = server
    ? new WsGateway({
        config,
        sessions,
        endings,
        roomExists: deps.roomExists,
        ...(deps.rememberLocale ? { rememberLocale: deps.rememberLocale } : {}),
        clock: deps.clock,
        logger,
      })
    : null;
  const unrouteUpgrades =
    server && ws
      ? routeUpgrades(server, (...args) => ws.handleUpgrade(...args), deps.allowedOrigins ?? null)
      : null;

  /** Counted before delivery; another node's news also clears this node's cache of those sessions. */
  const heard = (event: DomainEvent, elsewhere: boolean) => {
    if (event.channel !== 'disconnect') return;
    if (elsewhere) sessions.forgetEnded?.(event.userId, event.sessions);
    endings.heard();
  };

  const relay = redis ? new EventRelay(redis.publisher, logger, `${config.redisPrefix}:events`) : null;
  if (relay && redis && ws) {
    await relay.listen(guard(redis.connect('event-relay', 'subscriber')), (event, at) => {
      heard(event, true);
      ws.deliver(event, at);
      if (event.channel === 'disconnect') socketIo.endedElsewhere(event);
    });
  }

  const unsubscribe = events.subscribe((event) => {
    const at = toUnixSeconds(deps.clock.now());
    heard(event, false);
    ws?.deliver(event, at);
    socketIo.handle(event);
    relay?.publish(event, at);
  });

  return {
    ws,
    socketIo,
    relay,
    async close() {
      unsubscribe();
      unrouteUpgrades?.();
      socketIo.close();
      await ws?.close();
      await relay?.close();
      for (const client of adapterClients ? [adapterClients.pub, adapterClients.sub] : []) {
        await closeRedis(client);
      }
    },
  };
}
