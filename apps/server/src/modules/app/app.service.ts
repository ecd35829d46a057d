/** Health (is the database answering?) and the app version the spec fixes (2.5.3, code 253). */
import type { AppVersionResponse, HealthResponse } from '@tradehall/contracts';
import { APP_VERSION, APP_VERSION_CODE } from '@tradehall/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
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

interface Probe {
  startedAt: number;
  result: Promise<{ ok: boolean; latencyMs: number }>;
}

export class AppService {
  readonly #startedAt: number;
  #probe: Probe | null = null;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.#startedAt = clock.now().getTime();
  }

  async health(): Promise<HealthResponse> {
    const { ok, latencyMs } = await this.probe();
    return {
      status: ok ? 'ok' : 'degraded',
      database: { ok, driver: this.database.driver, latencyMs },
      version: APP_VERSION,
      uptimeSeconds: Math.max(0, Math.floor((this.clock.now().getTime() - this.#startedAt) / 1000)),
    };
  }

  /** The ping in flight or finished within HEALTH_PING_SHARE_MS, else a new one (real time, not the clock). */
  private probe(): Promise<{ ok: boolean; latencyMs: number }> {
    const now = performance.now();
    if (this.#probe && now - this.#probe.startedAt < HEALTH_PING_SHARE_MS) return this.#probe.result;
    const result = this.database.ping().then(
      (latencyMs) => ({ ok: true, latencyMs }),
      (error: unknown) => {
        // Monitors poll this every few seconds during an outage: one line each, without a stack.
        this.logger.warn({ reason: (error as Error).message }, 'database ping failed');
        return { ok: false, latencyMs: 0 };
      },
    );
    this.#probe = { startedAt: now, result };
    return result;
  }

  version(): AppVersionResponse {
    return { version: APP_VERSION, code: APP_VERSION_CODE, content: UPDATE_CONTENT, downloadUrl: null };
  }
}
