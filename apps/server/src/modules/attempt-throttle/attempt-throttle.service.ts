/**
 * Lockouts (DESIGN §8): N wrong secrets for one name within the window lock that name for the lock
 * period. Login names are counted whether or not the account exists, so a lock (or its absence) reveals
 * nothing about which names are registered; payment passwords are counted per user id.
 *
 * The limit holds under any concurrency: an attempt is RESERVED on the counter before its secret is
 * checked, and refused while the name is locked; while its failures plus the attempts already in flight
 * use up the budget, it waits for one of those to settle. Only then is the secret checked, and the reservation settled: a wrong one becomes a
 * counted failure (the one that reaches the limit locks the name), a right one clears the failures, and
 * one that ends without a verdict (a frozen account, an error) is released. So at most N wrong secrets
 * are ever checked per window, and a wrong guess racing the right one is counted like any other. A
 * reservation whose process died is dropped when its window ends.
 */

import type { ErrorCode } from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import { addSeconds, type Clock } from '../../platform/clock.ts';
import type { DB, LoginScope } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { AttemptThrottleRepository } from './attempt-throttle.repository.ts';

/** The scope counting wrong payment passwords (withdrawals, changing the payment password), per user id. */
export const PAYMENT_PASSWORD_SCOPE = 'payment_password';

export interface AttemptThrottlePolicy {
  failuresBeforeLock: number;
  windowSeconds: number;
  lockSeconds: number;
  /** What a locked attempt is refused with: LOGIN_LOCKED unless told otherwise (payment passwords). */
  lockedCode?: ErrorCode;
  /** How long an attempt may wait for a turn while the budget is held by attempts in flight. */
  turnWaitMs?: number;
}

/**
 * Long enough for a burst of the right password (each check takes tens of milliseconds, a few at a time)
 * to be served, well inside the client's 30-second request timeout.
 */
const TURN_WAIT_MS = 15_000;
/** First poll for a turn freed on another node, doubling up to the maximum. */
const FIRST_POLL_MS = 50;
const MAX_POLL_MS = 1_000;

/** One reserved attempt: settle it with the verdict on the secret. */
export interface Attempt {
  /** The secret was wrong: counted (and the name locked at the limit). */
  fail(): Promise<void>;
  /** The secret was right: the name's failures are forgotten. */
  succeed(): Promise<void>;
}

export interface AttemptThrottleServiceDeps {
  db: Kysely<DB>;
  repository: AttemptThrottleRepository;
  clock: Clock;
  policy: AttemptThrottlePolicy;
}

export class AttemptThrottleService {
  /** Attempts on this node waiting for a turn, per scope and name, oldest first. */
  readonly #waiting = new Map<string, Array<() => void>>();

  constructor(private readonly deps: AttemptThrottleServiceDeps) {}

  /**
   * Reserves an attempt for the name (or throws the lock error), runs `use` with it, and releases it
   * uncounted if `use` settled nothing: checking a secret and then throwing without `fail()` or
   * `succeed()` is the caller's statement that the attempt does not count either way.
   */
  async attempt<T>(scope: LoginScope, accountKey: string, use: (attempt: Attempt) => Promise<T>): Promise<T> {
    const id = `${scope}:${accountKey}`;
    const window = await this.reserve(scope, accountKey, id);
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
        try {
          await this.countFailure(scope, accountKey, window);
        } finally {
          this.#wakeOne(id);
        }
      },
      succeed: async () => {
        settle();
        try {
          await this.deps.repository.settleSuccess(this.deps.db, scope, accountKey, window);
        } finally {
          this.#wakeOne(id);
        }
      },
    };
    try {
      return await use(attempt);
    } finally {
      if (!settled) {
        settled = true;
        await this.deps.repository.release(this.deps.db, scope, accountKey, window).catch(() => {
          // The answer (or error) already decided must not be replaced by this one; the reservation
          // then holds its place until its window ends.
        });
        this.#wakeOne(id);
      }
    }
  }

  private async countFailure(scope: LoginScope, accountKey: string, window: Date): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.repository.settleFailure(this.deps.db, scope, accountKey, {
      window,
      now,
      windowOverAt: addSeconds(now, -this.deps.policy.windowSeconds),
      limit: this.deps.policy.failuresBeforeLock,
      lockUntil: addSeconds(now, this.deps.policy.lockSeconds),
    });
  }

  /**
   * The window the reservation belongs to; throws the lock error while the name is locked. While the
   * budget is held by attempts in flight (not locked), the attempt waits for a turn rather than being
   * refused: the right password sent many times at once (a script, a double click) must not be turned
   * away, and a wrong one must not be checked beyond the budget. An attempt settling on this node
   * wakes the next waiter at once; attempts settling on other nodes are seen by polling, further apart
   * each time. Past TURN_WAIT_MS the attempt is refused, to try again in a second.
   */
  private async reserve(scope: LoginScope, accountKey: string, id: string): Promise<Date> {
    const deadline = performance.now() + (this.deps.policy.turnWaitMs ?? TURN_WAIT_MS);
    let pollMs = FIRST_POLL_MS;
    for (;;) {
      const now = this.deps.clock.now();
      const reservation = await this.deps.repository.reserve(this.deps.db, scope, accountKey, {
        now,
        windowOverAt: addSeconds(now, -this.deps.policy.windowSeconds),
        budget: this.deps.policy.failuresBeforeLock,
      });
      if (reservation.reserved) return reservation.window;
      const { lockedUntil } = reservation;
      if (lockedUntil && lockedUntil.getTime() > now.getTime()) {
        // Everyone else waiting for this name is refused too: no need to wait for the next poll.
        this.#wakeAll(id);
        throw new AppError(this.deps.policy.lockedCode ?? 'LOGIN_LOCKED', {
          retryAfterSeconds: (lockedUntil.getTime() - now.getTime()) / 1000,
        });
      }
      const left = deadline - performance.now();
      if (left <= 0)
        throw new AppError(this.deps.policy.lockedCode ?? 'LOGIN_LOCKED', { retryAfterSeconds: 1 });
      // Jittered, so waiters that started together do not all poll together.
      await this.#waitForTurn(id, Math.min(left, pollMs * (0.5 + Math.random())));
      pollMs = Math.min(pollMs * 2, MAX_POLL_MS);
    }
  }

  #waitForTurn(id: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const queue = this.#waiting.get(id) ?? [];
      this.#waiting.set(id, queue);
      const wake = () => {
        clearTimeout(timer);
        const index = queue.indexOf(wake);
        if (index >= 0) queue.splice(index, 1);
        if (queue.length === 0 && this.#waiting.get(id) === queue) this.#waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      queue.push(wake);
    });
  }

  #wakeOne(id: string): void {
    this.#waiting.get(id)?.[0]?.();
  }

  #wakeAll(id: string): void {
    for (const wake of [...(this.#waiting.get(id) ?? [])]) wake();
  }
}
