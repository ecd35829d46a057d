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

export class AppService {
  readonly #startedAt: number;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.#startedAt = clock.now().getTime();
  }

  async health(): Promise<HealthResponse> {
    let ok = true;
    let latencyMs = 0;
    try {
      latencyMs = await this.database.ping();
    } catch (error) {
      ok = false;
      // Monitors poll this every few seconds during an outage: one line each, without a stack.
      this.logger.warn({ reason: (error as Error).message }, 'database ping failed');
    }
    return {
      status: ok ? 'ok' : 'degraded',
      database: { ok, driver: this.database.driver, latencyMs },
      version: APP_VERSION,
      uptimeSeconds: Math.max(0, Math.floor((this.clock.now().getTime() - this.#startedAt) / 1000)),
    };
  }

  version(): AppVersionResponse {
    return { version: APP_VERSION, code: APP_VERSION_CODE, content: UPDATE_CONTENT, downloadUrl: null };
  }
}
