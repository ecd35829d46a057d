/** Health (is the database answering?) and the app version the spec fixes (2.5.3, code 253). */
import { type AppVersionResponse, type HealthResponse, healthResponseSchema } from '@tradehall/contracts';
import { APP_VERSION, APP_VERSION_CODE } from '@tradehall/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { Readiness } from '../../platform/lifecycle/readiness.ts';
import type { Logger } from '../../platform/logger.ts';

const UPDATE_CONTENT = [
  `Version ${APP_VERSION}`,
  '1. Faster start-up and smoother page transitions.',
  '2. Image captcha on login; password reset by email code.',
  '3. Eight languages, switchable from My account.',
].join('\n');

/**
 * How long one database ping answers for every health request. Monitors and load balancers poll health
 * from many places; one ping per request would put the database's round trip in every answer's cost,
 * while an answer at most this old tells them the same thing.
 */
export const HEALTH_PING_SHARE_MS = 250;

interface PingOutcome {
  ok: boolean;
  latencyMs: number;
}

interface Probe {
  startedAt: number;
  result: Promise<PingOutcome>;
  /** The outcome once the ping has answered: requests after that need no promise. */
  settled: PingOutcome | null;
}

/** The health answer as sent: checked against its schema and serialised once, then sent as is. */
export interface HealthAnswer {
  ok: boolean;
  /** JSON of a HealthResponse. */
  body: string;
}

export interface AppServiceDeps {
  database: Database;
  clock: Clock;
  logger: Logger;
}

export class AppService {
  /** Starting until main.ts marks it ready; draining from SIGTERM (GET /health/ready). */
  readonly readiness = new Readiness();
  readonly #startedAt: number;
  #probe: Probe | null = null;
  /** The last answer built, for the ping and the uptime second it was built with. */
  #answer: { probe: Probe; uptimeSeconds: number; answer: HealthAnswer } | null = null;

  constructor(private readonly deps: AppServiceDeps) {
    this.#startedAt = deps.clock.now().getTime();
  }

  /**
   * The health answer at once when the shared ping has answered (the common case: no promise, no
   * serialisation), else null and the caller waits on `healthAnswer`.
   */
  healthAnswerNow(): HealthAnswer | null {
    const probe = this.probe();
    return probe.settled ? this.answerFor(probe, probe.settled) : null;
  }

  async healthAnswer(): Promise<HealthAnswer> {
    const probe = this.probe();
    return this.answerFor(probe, probe.settled ?? (await probe.result));
  }

  /**
   * Built once per ping and uptime second, then shared by every request in them: the same bytes a
   * request-by-request serialisation would give, the schema check included.
   */
  private answerFor(probe: Probe, { ok, latencyMs }: PingOutcome): HealthAnswer {
    const uptimeSeconds = Math.max(0, Math.floor((this.deps.clock.now().getTime() - this.#startedAt) / 1000));
    const last = this.#answer;
    if (last && last.probe === probe && last.uptimeSeconds === uptimeSeconds) return last.answer;
    const health: HealthResponse = {
      status: ok ? 'ok' : 'degraded',
      database: { ok, driver: this.deps.database.driver, latencyMs },
      version: APP_VERSION,
      uptimeSeconds,
    };
    const answer = { ok, body: JSON.stringify(healthResponseSchema.parse(health)) };
    this.#answer = { probe, uptimeSeconds, answer };
    return answer;
  }

  /** The ping in flight or finished within HEALTH_PING_SHARE_MS, else a new one (real time, not the clock). */
  private probe(): Probe {
    const now = performance.now();
    if (this.#probe && now - this.#probe.startedAt < HEALTH_PING_SHARE_MS) return this.#probe;
    const probe: Probe = {
      startedAt: now,
      result: Promise.resolve({ ok: false, latencyMs: 0 }),
      settled: null,
    };
    probe.result = this.deps.database
      .ping()
      .then(
        (latencyMs) => ({ ok: true, latencyMs }),
        (error: unknown) => {
          // Monitors poll this every few seconds during an outage: one line each, without a stack.
          this.deps.logger.warn({ reason: (error as Error).message }, 'database ping failed');
          return { ok: false, latencyMs: 0 };
        },
      )
      .then((outcome) => {
        probe.settled = outcome;
        return outcome;
      });
    this.#probe = probe;
    return probe;
  }

  version(): AppVersionResponse {
    return { version: APP_VERSION, code: APP_VERSION_CODE, content: UPDATE_CONTENT, downloadUrl: null };
  }
}
