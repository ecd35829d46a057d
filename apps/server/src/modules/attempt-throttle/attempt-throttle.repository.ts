/**
 * Failed-attempt counters per scope (user login, operator login, payment password) and key. Each change
 * is ONE statement on the counter row, so concurrent attempts are serialised by PostgreSQL's row lock
 * and none is lost or let through: a check-then-act in two statements is what let 29 guesses through.
 */
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { LoginScope } from '../../platform/db/schema.ts';

/**
 * Whether the row `t` is past its window and starts a new one: its lock is over, or, unlocked, its
 * window is over (taking any reservation it still holds with it) or it is idle (nothing counted, nothing
 * in flight).
 */
function startsNewWindow(now: Date, windowOverAt: Date) {
  return sql<boolean>`(
    (t.locked_until is not null and t.locked_until <= ${now}::timestamptz)
    or (t.locked_until is null and (
      t.window_started_at <= ${windowOverAt}::timestamptz or (t.failure_count = 0 and t.in_flight = 0)
    ))
  )`;
}

export interface ReserveInput {
  now: Date;
  /** A window that started at or before this is over, and with it any reservation it still holds. */
  windowOverAt: Date;
  /** Failures plus attempts in flight allowed per window. */
  budget: number;
}

export type Reservation =
  /** The window the attempt belongs to: settling it only touches the counter of that same window. */
  { reserved: true; window: Date } | { reserved: false; lockedUntil: Date | null };

export class AttemptThrottleRepository {
  /**
   * Takes one attempt out of the name's budget, or refuses it while the name is locked or the budget
   * (failures + attempts in flight) is used up. An over window, an over lock or an idle row (nothing
   * counted, nothing in flight) starts a new window with this attempt.
   */
  async reserve(
    executor: Executor,
    scope: LoginScope,
    accountKey: string,
    input: ReserveInput,
  ): Promise<Reservation> {
    const { now, windowOverAt, budget } = input;
    const fresh = startsNewWindow(now, windowOverAt);
    const taken = await sql<{ window_started_at: Date }>`
      insert into login_throttles as t
        (scope, account_key, failure_count, in_flight, window_started_at, locked_until)
      values (${scope}, ${accountKey}, 0, 1, ${now}::timestamptz, null)
      on conflict (scope, account_key) do update set
        failure_count = case when ${fresh} then 0 else t.failure_count end,
        in_flight = case when ${fresh} then 1 else t.in_flight + 1 end,
        window_started_at = case when ${fresh} then ${now}::timestamptz else t.window_started_at end,
        locked_until = case when ${fresh} then null else t.locked_until end
      where ${fresh}
        or (t.locked_until is null and t.failure_count + t.in_flight < ${budget}::integer)
      returning t.window_started_at
    `.execute(executor);
    const window = taken.rows[0]?.window_started_at;
    if (window) return { reserved: true, window };
    return { reserved: false, lockedUntil: await this.lockedUntil(executor, scope, accountKey) };
  }

  /**
   * A wrong secret becomes a counted failure, and the failure that reaches `limit` locks the name until
   * `lockUntil`, settling the reservation. A reservation outlived by its window (the row has moved on to
   * a new window, or is gone) is still counted: in the window there is now, starting one if need be.
   */
  async settleFailure(
    executor: Executor,
    scope: LoginScope,
    accountKey: string,
    input: { window: Date; now: Date; windowOverAt: Date; limit: number; lockUntil: Date },
  ): Promise<void> {
    const { window, now, windowOverAt, limit, lockUntil } = input;
    const ownWindow = sql<boolean>`(t.window_started_at = ${window}::timestamptz)`;
    const fresh = sql<boolean>`(not ${ownWindow} and ${startsNewWindow(now, windowOverAt)})`;
    const firstLock = sql`case when 1 >= ${limit}::integer then ${lockUntil}::timestamptz end`;
    await sql`
      insert into login_throttles as t
        (scope, account_key, failure_count, in_flight, window_started_at, locked_until)
      values (${scope}, ${accountKey}, 1, 0, ${now}::timestamptz, ${firstLock})
      on conflict (scope, account_key) do update set
        in_flight = case
          when ${fresh} then 0
          when ${ownWindow} and t.in_flight > 0 then t.in_flight - 1
          else t.in_flight
        end,
        failure_count = case when ${fresh} then 1 else t.failure_count + 1 end,
        window_started_at = case when ${fresh} then ${now}::timestamptz else t.window_started_at end,
        locked_until = case
          when ${fresh} then ${firstLock}
          when t.locked_until is not null and t.locked_until > ${now}::timestamptz then t.locked_until
          when t.failure_count + 1 >= ${limit}::integer then ${lockUntil}::timestamptz
          else t.locked_until
        end
    `.execute(executor);
  }

  /** The name's lock, if it has one (it may be over). */
  private async lockedUntil(executor: Executor, scope: LoginScope, accountKey: string): Promise<Date | null> {
    const row = await executor
      .selectFrom('login_throttles')
      .select('locked_until')
      .where('scope', '=', scope)
      .where('account_key', '=', accountKey)
      .executeTakeFirst();
    return row?.locked_until ?? null;
  }

  /** A reserved attempt was right: the counted failures are forgotten, other attempts in flight stay. */
  async settleSuccess(
    executor: Executor,
    scope: LoginScope,
    accountKey: string,
    window: Date,
  ): Promise<void> {
    await sql`
      update login_throttles set
        failure_count = 0,
        in_flight = case
          when window_started_at = ${window}::timestamptz and in_flight > 0 then in_flight - 1
          else in_flight
        end
      where scope = ${scope} and account_key = ${accountKey}
    `.execute(executor);
    await this.forgetIdle(executor, scope, accountKey);
  }

  /** A reserved attempt ended without a verdict on the password (frozen account, an error): no count. */
  async release(executor: Executor, scope: LoginScope, accountKey: string, window: Date): Promise<void> {
    await sql`
      update login_throttles set in_flight = in_flight - 1
      where scope = ${scope} and account_key = ${accountKey}
        and window_started_at = ${window}::timestamptz and in_flight > 0
    `.execute(executor);
    await this.forgetIdle(executor, scope, accountKey);
  }

  /**
   * A row with nothing counted, nothing in flight and no lock says nothing: removed, so the table only
   * holds names with recent failures. A reservation taken meanwhile makes the row busy again, and
   * PostgreSQL re-checks the condition on the row it locks, so that row stays.
   */
  private async forgetIdle(executor: Executor, scope: LoginScope, accountKey: string): Promise<void> {
    await executor
      .deleteFrom('login_throttles')
      .where('scope', '=', scope)
      .where('account_key', '=', accountKey)
      .where('failure_count', '=', 0)
      .where('in_flight', '=', 0)
      .where('locked_until', 'is', null)
      .execute();
  }
}
