/**
 * Composition root: config -> database (migrated, seeded) -> services -> HTTP (+ realtime by ROLE).
 * Prints where everything is, and shuts down cleanly on SIGTERM/SIGINT: stop the scheduler, close the
 * realtime clients (they reconnect elsewhere), stop accepting, finish in-flight requests, close the
 * database, release the data-dir lock.
 */
import { generateBeaconKey } from '@tradehall/domain';
import { generateLiabilitiesKey } from '@tradehall/domain/liabilities';
import type { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { banner } from './banner.ts';
import { LocalBeacon } from './modules/beacon/local-beacon.ts';
import { loadOrCreateLocalBeaconKey } from './modules/beacon/local-beacon-key.ts';
import { loadOrCreateLiabilitiesKey } from './modules/liabilities/liabilities-key.ts';
import { LiabilitiesScheduler } from './modules/liabilities/liabilities-scheduler.ts';
import { ReferralPayLoop } from './modules/referrals/referral-pay-loop.ts';
import { AdvisoryLockLeadership, InProcessLeadership, type Leadership } from './modules/rounds/leadership.ts';
import { RoundScheduler } from './modules/rounds/round-scheduler.ts';
import { offsetClock } from './platform/clock.ts';
import {
  type Config,
  ConfigError,
  checkDeployment,
  loadConfig,
  runsScheduler,
  servesRealtime,
} from './platform/config.ts';
import { DataDirLockedError } from './platform/db/data-dir-lock.ts';
import { createDatabase, type Database } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { createLogger } from './platform/logger.ts';
import { createMailer, type Mailer } from './platform/mailer.ts';
import { Metrics } from './platform/metrics/metrics.ts';
import { createPasswordHasher } from './platform/password-hasher.ts';
import { createRedis } from './platform/redis.ts';
import type { Realtime } from './realtime/realtime.ts';
import { DEMO, randomSeedLogins, seedDemoData } from './seed.ts';
import { createServices } from './services.ts';
import { type Operations, startOperations } from './start-operations.ts';
import { startRealtimeForServices } from './start-realtime.ts';

const SHUTDOWN_TIMEOUT_MS = 15_000;
/** The advisory lock of the liabilities snapshots' leader (the rounds' is SCHEDULER_LOCK_KEY). */
const LIABILITIES_LOCK_KEY = 727_200_029;

async function main(): Promise<void> {
  const started = performance.now();
  let config: Config;
  try {
    config = loadConfig();
    checkDeployment(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(config.logLevel);
  // The system clock, unless a test process moved it (TEST_CLOCK_OFFSET_SECONDS, refused outside test mode).
  const clock = offsetClock(config.clockOffsetSeconds);
  if (config.clockOffsetSeconds !== 0) {
    logger.warn({ offsetSeconds: config.clockOffsetSeconds }, 'test clock: the server runs moved in time');
  }
  let database: Database;
  try {
    database = await createDatabase(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  let redis: Redis | null = null;
  let mailer: Mailer | null = null;
  let scheduler: RoundScheduler | null = null;
  let liabilitiesScheduler: LiabilitiesScheduler | null = null;
  let referralPayLoop: ReferralPayLoop | null = null;
  let realtime: Realtime | null = null;
  let localBeacon: LocalBeacon | null = null;
  let operations: Operations | null = null;
  try {
    if (config.trading.fairness.beacon === 'local') {
      // The offline demo's and tests' beacon: drand's API on loopback, with a key of this install's
      // (kept in DATA_DIR, so rounds in flight at a restart are still drawn).
      localBeacon = new LocalBeacon({
        ...loadOrCreateLocalBeaconKey(config.dataDir, () => generateBeaconKey().secretKey),
        // On the server's clock: a moved test clock still finds the beacon's rounds for its instants.
        now: () => clock.now().getTime(),
      });
      const url = await localBeacon.start();
      const { chainHash, publicKey, genesis, period } = localBeacon.network;
      const fairness = {
        ...config.trading.fairness,
        urls: [url],
        chainHash,
        publicKey,
        genesis,
        periodSeconds: period,
      };
      config = { ...config, trading: { ...config.trading, fairness } };
    }
    if (config.demoMode && config.liabilities.signingKey === null) {
      // The demo's signing key, kept in DATA_DIR so its public key survives restarts (decision 0029).
      const signingKey = loadOrCreateLiabilitiesKey(config.dataDir, generateLiabilitiesKey);
      config = { ...config, liabilities: { ...config.liabilities, signingKey, keySource: 'data-dir' } };
    }
    const applied = await migrateToLatest(database.kysely);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    const hasher = createPasswordHasher(config.passwordHashConcurrency);
    const logins = config.demoMode ? DEMO : randomSeedLogins();
    const seeded = await seedDemoData(database.kysely, hasher, clock, logins);
    if (seeded.operator || seeded.user) logger.info({ seeded }, 'first operator and inviter seeded');

    mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
    redis = config.redisUrl
      ? createRedis(config.redisUrl, logger, 'tradehall', { commandTimeoutMs: config.redisCommandTimeoutMs })
      : null;
    const services = createServices({ config, database, clock, hasher, mailer, logger });
    const metrics = new Metrics();
    const { app, sites } = await buildApp({
      config,
      services,
      logger,
      redis,
      metrics: config.operations.metricsPort === null ? null : metrics,
    });
    // Every node runs it: realtime nodes serve clients, the others hand their events on through Redis.
    realtime = await startRealtimeForServices({
      config,
      services,
      clock,
      logger,
      redis,
      server: servesRealtime(config) ? app.server : null,
    });
    if (runsScheduler(config)) {
      // One scheduler per deployment: the advisory-lock holder on PostgreSQL, this process on PGlite.
      const leadership: Leadership = config.databaseUrl
        ? new AdvisoryLockLeadership({
            connectionString: config.databaseUrl,
            logger,
            connectTimeoutMs: config.database.connectTimeoutMs,
          })
        : new InProcessLeadership();
      scheduler = new RoundScheduler({
        engine: services.roundEngine,
        leadership,
        logger,
        tickMs: config.trading.schedulerTickMs,
      });
      // Its own lock: snapshots and rounds may be led by different nodes.
      liabilitiesScheduler = new LiabilitiesScheduler({
        liabilities: services.liabilities,
        leadership: config.databaseUrl
          ? new AdvisoryLockLeadership({
              connectionString: config.databaseUrl,
              logger,
              key: LIABILITIES_LOCK_KEY,
              connectTimeoutMs: config.database.connectTimeoutMs,
            })
          : new InProcessLeadership(),
        logger,
      });
      referralPayLoop = new ReferralPayLoop({
        payments: services.referralPayments,
        logger,
        everyMs: config.referrals.payCheckMs,
      });
    }

    operations = await startOperations({
      config,
      services,
      database,
      redis,
      realtime,
      metrics,
      clock,
      logger,
    });

    let stopping = false;
    const shutdown = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      // Draining: readiness answers 503 at once; on SIGTERM the node goes on serving for DRAIN_DELAY_MS
      // so the load balancer sees that and sends new work elsewhere before the listener closes.
      services.app.readiness.markDraining();
      const drainDelayMs = signal === 'SIGTERM' ? config.operations.drainDelayMs : 0;
      void (async () => {
        await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
        const force = setTimeout(() => {
          logger.error('shutdown took too long; exiting');
          database.close().finally(() => process.exit(1));
        }, SHUTDOWN_TIMEOUT_MS);
        force.unref();
        await operations?.stopWork();
        // Waits for the tick in flight: a settlement that has started completes.
        await scheduler?.stop();
        await liabilitiesScheduler?.stop();
        await referralPayLoop?.stop();
        // Before the HTTP server: open WebSockets would keep it from closing.
        await realtime?.close();
        await app.close();
        // Reset codes are stored and mailed after their answer went out: let those finish first.
        await services.passwordReset.settled();
        await mailer?.close();
        await redis?.quit().catch(() => undefined);
        await localBeacon?.close();
        await operations?.close();
        await database.close();
        clearTimeout(force);
        process.stdout.write('Tradehall stopped.\n');
        process.exit(0);
      })().catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
    };
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);

    await app.listen({ port: config.port, host: config.host });
    scheduler?.start();
    liabilitiesScheduler?.start();
    referralPayLoop?.start();
    services.app.readiness.markReady();
    process.stdout.write(
      `${banner({
        config,
        database,
        sites,
        mailer,
        logins,
        seeded,
        ms: Math.round(performance.now() - started),
      })}\n`,
    );
  } catch (error) {
    logger.fatal({ err: error }, 'start-up failed');
    await operations?.close().catch(() => undefined);
    await scheduler?.stop().catch(() => undefined);
    await liabilitiesScheduler?.stop().catch(() => undefined);
    await referralPayLoop?.stop().catch(() => undefined);
    await realtime?.close().catch(() => undefined);
    await mailer?.close();
    await localBeacon?.close();
    redis?.disconnect();
    await database.close().catch(() => undefined);
    process.exit(1);
  }
}

await main();
