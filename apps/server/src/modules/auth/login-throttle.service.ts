/**
 * Login lockout (DESIGN §8): N failed logins for one account name within the window lock that name's
 * login for the lock period. Counted per normalised name whether or not the account exists, so a lock
 * (or its absence) reveals nothing about which names are registered.
 */

import type { ErrorCode } from '@tradehall/contracts';
import { addSeconds, type Clock } from '../../platform/clock.ts';
import type { LoginScope } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { LoginThrottleRepository } from './login-throttle.repository.ts';

export interface LoginThrottlePolicy {
  failuresBeforeLock: number;
  windowSeconds: number;
  lockSeconds: number;
  /** What a locked attempt is refused with: LOGIN_LOCKED unless told otherwise (payment passwords). */
  lockedCode?: ErrorCode;
}

export class LoginThrottleService {
  constructor(
    private readonly repository: LoginThrottleRepository,
    private readonly clock: Clock,
    private readonly policy: LoginThrottlePolicy,
  ) {}

  /** Throws LOGIN_LOCKED (or the policy's lockedCode), with the seconds left, while the name is locked. */
  async assertNotLocked(scope: LoginScope, accountKey: string): Promise<void> {
    const row = await this.repository.find(scope, accountKey);
    const now = this.clock.now().getTime();
    if (row?.locked_until && row.locked_until.getTime() > now) {
      throw new AppError(this.policy.lockedCode ?? 'LOGIN_LOCKED', {
        retryAfterSeconds: (row.locked_until.getTime() - now) / 1000,
      });
    }
  }

  async recordFailure(scope: LoginScope, accountKey: string): Promise<void> {
    const now = this.clock.now();
    await this.repository.update(scope, accountKey, now, (row) => {
      // Already locked (a concurrent attempt got there first): leave the lock as it is.
      if (row.locked_until !== null && row.locked_until.getTime() > now.getTime()) {
        const { failure_count, window_started_at, locked_until } = row;
        return { failure_count, window_started_at, locked_until };
      }
      const windowOver = row.window_started_at.getTime() + this.policy.windowSeconds * 1000 <= now.getTime();
      const lockOver = row.locked_until !== null && row.locked_until.getTime() <= now.getTime();
      const fresh = windowOver || lockOver || row.failure_count === 0;
      const count = fresh ? 1 : row.failure_count + 1;
      const windowStartedAt = fresh ? now : row.window_started_at;
      if (count >= this.policy.failuresBeforeLock) {
        return {
          failure_count: 0,
          window_started_at: now,
          locked_until: addSeconds(now, this.policy.lockSeconds),
        };
      }
      return { failure_count: count, window_started_at: windowStartedAt, locked_until: null };
    });
  }

  async clear(scope: LoginScope, accountKey: string): Promise<void> {
    await this.repository.clear(scope, accountKey);
  }
}
