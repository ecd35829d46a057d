/**
 * Lockouts (DESIGN §8): N wrong secrets for one name within the window lock that name for the lock
 * period. Login names are counted whether or not the account exists, so a lock (or its absence) reveals
 * nothing about which names are registered; payment passwords are counted per user id.
 *
 * The limit holds under any concurrency: an attempt is RESERVED on the counter before its secret is
 * checked, and refused when the name is locked or its failures plus the attempts already in flight use
 * up the budget. Only then is the secret checked, and the reservation settled: a wrong one becomes a
 * counted failure (the one that reaches the limit locks the name), a right one clears the failures, and
 * one that ends without a verdict (a frozen account, an error) is released. So at most N wrong secrets
 * are ever checked per window, and a wrong guess racing the right one is counted like any other. A
 * reservation whose process died is dropped when its window ends.
 */

import type { ErrorCode } from '@tradehall/contracts';
import { addSeconds, type Clock } from '../../platform/clock.ts';
import type { LoginScope } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { LoginThrottleRepository } from './login-throttle.repository.ts';

/** The scope counting wrong payment passwords (withdrawals, changing the payment password), per user id. */
export const PAYMENT_PASSWORD_SCOPE = 'payment_password';

export interface LoginThrottlePolicy {
  failuresBeforeLock: number;
  windowSeconds: number;
  lockSeconds: number;
  /** What a locked attempt is refused with: LOGIN_LOCKED unless told otherwise (payment passwords). */
  lockedCode?: ErrorCode;
}

/** One reserved attempt: settle it with the verdict on the secret. */
export interface Attempt {
  /** The secret was wrong: counted (and the name locked at the limit). */
  fail(): Promise<void>;
  /** The secret was right: the name's failures are forgotten. */
  succeed(): Promise<void>;
}

export class LoginThrottleService {
  constructor(
    private readonly repository: LoginThrottleRepository,
    private readonly clock: Clock,
    private readonly policy: LoginThrottlePolicy,
  ) {}

  /**
   * Reserves an attempt for the name (or throws the lock error), runs `use` with it, and releases it
   * uncounted if `use` settled nothing: checking a secret and then throwing without `fail()` or
   * `succeed()` is the caller's statement that the attempt does not count either way.
   */
  async attempt<T>(scope: LoginScope, accountKey: string, use: (attempt: Attempt) => Promise<T>): Promise<T> {
    const window = await this.reserve(scope, accountKey);
    let settled = false;
    const settle = () => {
      if (settled) throw new Error('an attempt is settled once');
      // Marked before the statement runs: if it fails, the reservation stays and still holds its place
      // in the budget until the window ends, rather than being released uncounted.
      settled = true;
    };
    const attempt: Attempt = {
      fail: async () => {
        settle();
        await this.countFailure(scope, accountKey, window);
      },
      succeed: async () => {
        settle();
        await this.repository.settleSuccess(scope, accountKey, window);
      },
    };
    try {
      return await use(attempt);
    } finally {
      if (!settled) {
        settled = true;
        await this.repository.release(scope, accountKey, window).catch(() => {
          // The answer (or error) already decided must not be replaced by this one; the reservation
          // then holds its place until its window ends.
        });
      }
    }
  }

  private async countFailure(scope: LoginScope, accountKey: string, window: Date): Promise<void> {
    const now = this.clock.now();
    await this.repository.settleFailure(scope, accountKey, {
      window,
      now,
      windowOverAt: addSeconds(now, -this.policy.windowSeconds),
      limit: this.policy.failuresBeforeLock,
      lockUntil: addSeconds(now, this.policy.lockSeconds),
    });
  }

  /** The window the reservation belongs to; throws the lock error when refused. */
  private async reserve(scope: LoginScope, accountKey: string): Promise<Date> {
    const now = this.clock.now();
    const reservation = await this.repository.reserve(scope, accountKey, {
      now,
      windowOverAt: addSeconds(now, -this.policy.windowSeconds),
      budget: this.policy.failuresBeforeLock,
    });
    if (reservation.reserved) return reservation.window;
    const { lockedUntil } = reservation;
    // Locked: the time left. Not locked but the budget is taken by attempts in flight: their verdicts
    // come within moments (and lock the name if they are wrong), so try again shortly.
    const retryAfterSeconds =
      lockedUntil && lockedUntil.getTime() > now.getTime()
        ? (lockedUntil.getTime() - now.getTime()) / 1000
        : 1;
    throw new AppError(this.policy.lockedCode ?? 'LOGIN_LOCKED', { retryAfterSeconds });
  }
}
