/**
 * The day-two parts of a node, wired to its services (decision 0035): the metrics' sources and the
 * round engine's observer, the metrics listener when METRICS_PORT is set, the readiness gauge, and the
 * periodic ledger check on nodes that run the scheduler. main.ts starts it after the realtime part
 * (whose connections it counts) and stops it first when draining.
 */
import type { Redis } from 'ioredis';
import { archivePglite } from './backup.ts';
import type { Clock } from './platform/clock.ts';
import { type Config, runsScheduler } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import type { Logger } from './platform/logger.ts';
import type { Metrics, PendingQueue } from './platform/metrics/metrics.ts';
import { type MetricsServer, startMetricsServer } from './platform/metrics/metrics-server.ts';
import { PeriodicLedgerCheck } from './platform/metrics/periodic-ledger-check.ts';
import type { Realtime } from './realtime/realtime.ts';
import type { Services } from './services.ts';

export interface OperationsDeps {
  config: Config;
  services: Services;
  database: Database;
  redis: Redis | null;
  realtime: Realtime | null;
  metrics: Metrics;
  clock: Clock;
  logger: Logger;
}

export interface Operations {
  /** Where Prometheus scrapes (null: METRICS_PORT unset). */
  readonly metricsUrl: string | null;
  /** Ends the ledger check in flight; the metrics listener stays up until close(). */
  stopWork(): Promise<void>;
  close(): Promise<void>;
}

function ageOf(queue: { count: number; oldest: Date | null }, now: number): PendingQueue {
  const oldestSeconds = queue.oldest ? Math.max(0, (now - queue.oldest.getTime()) / 1000) : 0;
  return { count: queue.count, oldestSeconds };
}

export async function startOperations(deps: OperationsDeps): Promise<Operations> {
  const { config, services, metrics, realtime } = deps;
  metrics.connect({
    pool: () => deps.database.pool(),
    redisConnected: () => (deps.redis ? deps.redis.status === 'ready' : null),
    realtimeConnections: () => ({
      ws: realtime?.ws?.stats.connections ?? 0,
      socketIo: realtime?.ws ? realtime.socketIo.io.of('/').sockets.size : 0,
    }),
    pendingMoney: async () => {
      const [deposit, withdrawal] = await Promise.all([
        services.deposits.pendingQueue(),
        services.withdrawals.pendingQueue(),
      ]);
      const now = deps.clock.now().getTime();
      return { deposit: ageOf(deposit, now), withdrawal: ageOf(withdrawal, now) };
    },
  });
  services.roundEngine.observe({
    stepApplied: (step, seconds) => metrics.roundStep(step, seconds),
    ticked: (behind) => metrics.roundsBehindSchedule(behind),
    settlementFailed: () => metrics.settlementFailed(),
  });
  services.app.readiness.onChange((state) => metrics.readiness(state));

  const { metricsPort, metricsHost, ledgerCheckIntervalMs } = config.operations;
  let server: MetricsServer | null = null;
  // The embedded database's backup is made here, by the process that owns it (backup.ts).
  const backup = deps.database.archive
    ? async () => {
        const { archive, ledger } = await archivePglite(deps.database);
        return { body: archive, headers: { 'x-ledger-digest': JSON.stringify(ledger) } };
      }
    : null;
  if (metricsPort !== null) {
    server = await startMetricsServer(metrics, { port: metricsPort, host: metricsHost, backup });
  }
  const ledgerCheck =
    runsScheduler(config) && ledgerCheckIntervalMs > 0
      ? new PeriodicLedgerCheck({
          check: () => services.ledger.audit(),
          metrics,
          clock: deps.clock,
          logger: deps.logger,
          intervalMs: ledgerCheckIntervalMs,
        })
      : null;
  ledgerCheck?.start();

  return {
    metricsUrl: server ? `http://${metricsHost}:${server.port}/metrics` : null,
    stopWork: async () => {
      await ledgerCheck?.stop();
    },
    close: async () => {
      await ledgerCheck?.stop();
      await server?.close();
    },
  };
}
