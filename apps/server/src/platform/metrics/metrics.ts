/**
 * The Prometheus series of one node (docs/operations/metrics.md lists them). What is counted as it
 * happens (requests, round steps, ledger checks) is recorded through the methods below; what is a state
 * (pool, Redis, realtime connections, pending money) is read from its owner at scrape time, so nothing
 * runs between scrapes. The per-request cost is one histogram observe.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/pool-stats.ts';
import type { ReadinessState } from '../lifecycle/readiness.ts';

export interface PendingQueue {
  count: number;
  oldestSeconds: number;
}

/** The states read at scrape time; the composition root supplies them once everything exists. */
export interface MetricsSources {
  pool(): PoolStats;
  /** null when the deployment has no Redis (the series is then absent). */
  redisConnected(): boolean | null;
  realtimeConnections(): { ws: number; socketIo: number };
  pendingMoney(): Promise<{ deposit: PendingQueue; withdrawal: PendingQueue }>;
}

export type RoundStep = 'seal' | 'draw' | 'settle';
export type LedgerCheckResult = 'ok' | 'failed' | 'error';

const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  #sources: MetricsSources | null = null;
  readonly #requests: Histogram<'method' | 'route' | 'status'>;
  readonly #roundSteps: Histogram<'step'>;
  readonly #roundsBehind: Gauge;
  readonly #settlementFailures: Counter;
  readonly #ledgerChecks: Counter<'result'>;
  readonly #ledgerOk: Gauge;
  readonly #ledgerCheckedAt: Gauge;
  readonly #ledgerCheckSeconds: Gauge;
  readonly #ready: Gauge<'state'>;

  constructor() {
    const registers = [this.registry];
    // Heap, RSS, event-loop lag, GC, handles: prom-client's process and Node.js series.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    this.#requests = new Histogram({
      name: 'tradehall_http_request_duration_seconds',
      help: 'HTTP answers by route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.#roundSteps = new Histogram({
      name: 'tradehall_round_step_duration_seconds',
      help: 'Time to apply one round transition (seal, draw, settle) on the scheduler leader',
      labelNames: ['step'],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.#roundsBehind = new Gauge({
      name: 'tradehall_rounds_behind_schedule',
      help: 'Unfinished rounds with a transition due for over 5 s, at the last scheduler tick',
      registers,
    });
    this.#settlementFailures = new Counter({
      name: 'tradehall_settlement_failures_total',
      help: 'Attempts to settle or void a round that failed (each retried with backoff), on the scheduler leader',
      registers,
    });
    this.#ledgerChecks = new Counter({
      name: 'tradehall_ledger_checks_total',
      help: 'Periodic ledger checks by result (ok, failed = the invariant does not hold, error = not run)',
      labelNames: ['result'],
      registers,
    });
    this.#ledgerOk = new Gauge({
      name: 'tradehall_ledger_check_ok',
      help: '1 when the last periodic ledger check found the invariant holding, 0 otherwise',
      registers,
    });
    this.#ledgerCheckedAt = new Gauge({
      name: 'tradehall_ledger_check_timestamp_seconds',
      help: 'Unix time of the last periodic ledger check that ran to the end',
      registers,
    });
    this.#ledgerCheckSeconds = new Gauge({
      name: 'tradehall_ledger_check_duration_seconds',
      help: 'How long the last periodic ledger check took',
      registers,
    });
    this.#ready = new Gauge({
      name: 'tradehall_readiness',
      help: '1 for the state this node is in (starting, ready, draining)',
      labelNames: ['state'],
      registers,
    });
    for (const state of ['starting', 'ready', 'draining'] as const) this.#ready.set({ state }, 0);
    this.#sampled();
  }

  /** Hands in the states read at scrape time. */
  connect(sources: MetricsSources): void {
    this.#sources = sources;
    // Only a deployment with Redis has the series: an unset gauge would read 0, "disconnected".
    if (sources.redisConnected() === null) return;
    new Gauge({
      name: 'tradehall_redis_connected',
      help: '1 while the shared Redis connection is ready, 0 while it is not (absent without REDIS_URL)',
      registers: [this.registry],
      collect() {
        this.set(sources.redisConnected() ? 1 : 0);
      },
    });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.#requests.observe({ method, route, status: String(status) }, seconds);
  }

  roundStep(step: RoundStep, seconds: number): void {
    this.#roundSteps.observe({ step }, seconds);
  }

  roundsBehindSchedule(count: number): void {
    this.#roundsBehind.set(count);
  }

  settlementFailed(): void {
    this.#settlementFailures.inc();
  }

  ledgerChecked(result: LedgerCheckResult, seconds: number, at: Date): void {
    this.#ledgerChecks.inc({ result });
    if (result === 'error') return;
    this.#ledgerOk.set(result === 'ok' ? 1 : 0);
    this.#ledgerCheckedAt.set(Math.floor(at.getTime() / 1000));
    this.#ledgerCheckSeconds.set(seconds);
  }

  readiness(state: ReadinessState): void {
    for (const each of ['starting', 'ready', 'draining'] as const) this.#ready.set({ state: each }, 0);
    this.#ready.set({ state }, 1);
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** Series whose value is read from its owner when Prometheus asks. */
  #sampled(): void {
    const registers = [this.registry];
    const sources = () => this.#sources;
    new Gauge({
      name: 'tradehall_db_pool_connections',
      help: 'Database connections: size of the pool, in use, and callers waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources()?.pool();
        if (!pool) return;
        this.set({ state: 'size' }, pool.size);
        this.set({ state: 'in_use' }, pool.inUse);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'tradehall_realtime_connections',
      help: 'Open realtime connections on this node by transport (ws, socketio)',
      labelNames: ['transport'],
      registers,
      collect() {
        const connections = sources()?.realtimeConnections();
        if (!connections) return;
        this.set({ transport: 'ws' }, connections.ws);
        this.set({ transport: 'socketio' }, connections.socketIo);
      },
    });
    // One query per scrape answers both money series; the second collect reads what the first fetched.
    let pending: Promise<{ deposit: PendingQueue; withdrawal: PendingQueue } | null> | null = null;
    const fetchPending = () => {
      pending ??= (sources()?.pendingMoney() ?? Promise.resolve(null))
        .catch(() => null)
        .finally(() => {
          setImmediate(() => {
            pending = null;
          });
        });
      return pending;
    };
    new Gauge({
      name: 'tradehall_money_pending',
      help: 'Deposits and withdrawals waiting for an operator',
      labelNames: ['kind'],
      registers,
      async collect() {
        const queues = await fetchPending();
        if (!queues) return;
        this.set({ kind: 'deposit' }, queues.deposit.count);
        this.set({ kind: 'withdrawal' }, queues.withdrawal.count);
      },
    });
    new Gauge({
      name: 'tradehall_money_pending_oldest_age_seconds',
      help: 'Age of the oldest deposit or withdrawal waiting for an operator (0 when none waits)',
      labelNames: ['kind'],
      registers,
      async collect() {
        const queues = await fetchPending();
        if (!queues) return;
        this.set({ kind: 'deposit' }, queues.deposit.oldestSeconds);
        this.set({ kind: 'withdrawal' }, queues.withdrawal.oldestSeconds);
      },
    });
  }
}
