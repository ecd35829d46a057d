/**
 * What follows a settlement, for bench:settlement: the server's real realtime gateway (startRealtime on a
 * loopback HTTP server, as a ROLE=all node runs it) with one /ws client per user, signed in and subscribed
 * to their `user` topic, and as many watchers of the room's round topic; the round engine's own
 * RoundEventsPublisher then publishes the settled round, every participant's round.outcome and the market
 * figures. `deliver` resolves once every client has its frame.
 */
import { createServer } from 'node:http';
import { roundTopic, WS_PATH } from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import { MarketService } from '../../apps/server/src/modules/market/market.service.ts';
import { PositionsRepository } from '../../apps/server/src/modules/positions/positions.repository.ts';
import { RoomsRepository } from '../../apps/server/src/modules/rounds/rooms.repository.ts';
import { RoundEventsPublisher } from '../../apps/server/src/modules/rounds/round-events.ts';
import type { RoundsRepository } from '../../apps/server/src/modules/rounds/rounds.repository.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import type { DB } from '../../apps/server/src/platform/db/schema.ts';
import { DomainEvents } from '../../apps/server/src/platform/events.ts';
import type { Logger } from '../../apps/server/src/platform/logger.ts';
import { startRealtime } from '../../apps/server/src/realtime/realtime.ts';
import { RawWsClient } from './raw-ws-client.ts';

const CONNECT_CONCURRENCY = 250;

interface Listener {
  /** The user behind a participant's connection; empty for a watcher. */
  userId: string;
  client: RawWsClient;
  /** The frame this client waits for, as bytes it must contain. */
  expect: string | null;
  done: boolean;
}

export interface SettlementBroadcast {
  /**
   * Publishes the settled round as the engine does; resolves when every client has its frame, with the
   * time that took (ms, from the publish).
   */
  deliver(roundId: string): Promise<number>;
  close(): Promise<void>;
}

async function connect(port: number, token: string, topic: string, listeners: Listener[]): Promise<void> {
  const client = await RawWsClient.open(port, WS_PATH);
  const listener: Listener = { userId: token, client, expect: null, done: false };
  await new Promise<void>((resolve) => {
    client.onFrame = (payload) => {
      if (listener.expect === null) {
        if (payload.includes('"subscribed"')) resolve();
        return;
      }
      if (!listener.done && payload.includes(listener.expect)) listener.done = true;
    };
    client.sendText(
      JSON.stringify({
        type: 'login',
        client_name: 'bench',
        client_id: `settle-${listeners.length}`,
        Accept_language: 'en',
        Authorization: token ? `Bearer ${token}` : '',
      }),
    );
    client.sendText(JSON.stringify({ cmd: 'sub', msg: topic }));
  });
  listeners.push(listener);
}

export async function settlementBroadcast(options: {
  db: Kysely<DB>;
  rounds: RoundsRepository;
  roomId: string;
  userIds: string[];
  watchers: number;
  turnoverMultiplier: number;
  logger: Logger;
}): Promise<SettlementBroadcast> {
  const config = loadConfig({ ...process.env, WS_PING_INTERVAL_MS: '600000', WS_PONG_TIMEOUT_MS: '600000' });
  const events = new DomainEvents(options.logger);
  const server = createServer((_request, response) => {
    response.statusCode = 404;
    response.end();
  });
  // The bench's tokens are the user ids themselves: what is measured is delivery, not session lookup.
  const known = new Set(options.userIds);
  const realtime = await startRealtime({
    config: config.realtime,
    events,
    sessions: {
      authenticate: async (token) =>
        known.has(token) ? { userId: token, sessionId: token, expiresAt: Number.POSITIVE_INFINITY } : null,
    },
    roomExists: async (roomId) => roomId === options.roomId,
    announcementsEnabled: async () => false,
    clock: systemClock,
    logger: options.logger,
    server,
    redis: null,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const users: Listener[] = [];
  const watchers: Listener[] = [];
  const jobs: Array<() => Promise<void>> = [
    ...options.userIds.map((id) => () => connect(address.port, id, 'user', users)),
    ...Array.from(
      { length: options.watchers },
      () => () => connect(address.port, '', roundTopic(options.roomId), watchers),
    ),
  ];
  for (let start = 0; start < jobs.length; start += CONNECT_CONCURRENCY) {
    await Promise.all(jobs.slice(start, start + CONNECT_CONCURRENCY).map((job) => job()));
  }
  // The market figures the engine publishes after a settlement, read by the server's own service.
  const market = new MarketService({
    db: options.db,
    rooms: new RoomsRepository({
      roundSecondsOverride: null,
      sealedSecondsOverride: null,
      drawingSecondsOverride: null,
    }),
    rounds: options.rounds,
    positions: new PositionsRepository(),
    clock: systemClock,
  });
  const publisher = new RoundEventsPublisher({
    db: options.db,
    rounds: options.rounds,
    events,
    marketOverview: () => market.overview(),
    logger: options.logger,
    turnoverMultiplier: options.turnoverMultiplier,
  });
  return {
    async deliver(roundId) {
      // Only the round's participants hear round.outcome (read before the clock starts: the bench's, not
      // the server's, bookkeeping).
      const participants = new Set(
        (
          await options.db
            .selectFrom('positions')
            .select('user_id')
            .distinct()
            .where('round_id', '=', roundId)
            .execute()
        ).map((row) => row.user_id),
      );
      const everyone = [...users.filter((listener) => participants.has(listener.userId)), ...watchers];
      for (const listener of everyone) {
        listener.expect = roundId;
        listener.done = false;
      }
      const started = performance.now();
      await publisher.roundChanged(roundId, 'round.settled');
      const deadline = performance.now() + 30_000;
      while (everyone.some((listener) => !listener.done)) {
        if (performance.now() > deadline) throw new Error('not every client had its frame within 30 s');
        await new Promise((resolve) => setImmediate(resolve));
      }
      return performance.now() - started;
    },
    async close() {
      for (const listener of [...users, ...watchers]) listener.client.destroy();
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
