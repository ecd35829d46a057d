/**
 * A player's own limits, breaks and reality check (docs/decisions/0032-play-limits.md), and the gate
 * every path that moves money into play passes (PlayGate): placing a position (the one-transaction
 * path; the batch statement leaves out every user with a limit or a break, so they all come here) and
 * asking for a deposit of any method.
 *
 * The gate checks AFTER the figures counted the new stake or deposit: the triggers of migration 0017
 * added it under the lock of the user's figures row, so two placements (or deposits) of one player are
 * decided one after the other, each seeing the other's amount — a hundred at once never pass a limit.
 * A refusal throws, and the whole transaction (the figures with it) rolls back.
 */
import type {
  PlayBreakView,
  PlayCounters,
  PlayLimitsOverview,
  RealityCheckRequest,
  SetPlayLimitRequest,
  TakePlayBreakRequest,
} from '@tradehall/contracts';
import {
  breakInForce,
  changeLimit,
  depositRefusal,
  figuresAt,
  formatDateTime,
  formatMoney,
  PLAY_LIMIT_KINDS,
  type PLAY_PERIODS,
  type PlayLimits,
  type PlayRefusal,
  periodEnd,
  type RunningBreak,
  settleLimit,
  stakeRefusal,
  takeBreak,
  withDeposit,
} from '@tradehall/domain';
import type { Kysely, Transaction } from 'kysely';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PlayLimitsRepository, StoredLimit } from './play-limits.repository.ts';

/** What positions and deposits ask of play limits, inside their own transaction. */
export type PlayGate = Pick<
  PlayLimitsService,
  'breakRefusal' | 'admitStake' | 'admitDeposit' | 'depositRefusal'
>;

export interface PlayLimitsServiceDeps {
  db: Kysely<DB>;
  repository: PlayLimitsRepository;
  audit: AuditService;
  clock: Clock;
}

const REFUSAL_CODES = {
  deposit_day: 'PLAY_LIMIT_DEPOSIT_DAY',
  deposit_week: 'PLAY_LIMIT_DEPOSIT_WEEK',
  deposit_month: 'PLAY_LIMIT_DEPOSIT_MONTH',
  loss_day: 'PLAY_LIMIT_LOSS_DAY',
  loss_week: 'PLAY_LIMIT_LOSS_WEEK',
  loss_month: 'PLAY_LIMIT_LOSS_MONTH',
  stake_round: 'PLAY_LIMIT_STAKE_ROUND',
} as const;

/** A time in a message: UTC, said so, as every language reads digits the same way. */
function utcText(at: Date): string {
  return `${formatDateTime(toUnixSeconds(at), 'yyyy-MM-dd HH:mm', 'UTC')} UTC`;
}

function refusalError(refusal: PlayRefusal): AppError {
  return new AppError(REFUSAL_CODES[refusal.kind], {
    params: {
      amount: formatMoney(refusal.limit),
      ...(refusal.resetsAt ? { resetsAt: utcText(refusal.resetsAt) } : {}),
    },
  });
}

function asLimits(stored: readonly StoredLimit[]): PlayLimits {
  return Object.fromEntries(stored.map((limit) => [limit.kind, limit.setting]));
}

export class PlayLimitsService {
  constructor(private readonly deps: PlayLimitsServiceDeps) {}

  // ---- the gate -----------------------------------------------------------------------------------------

  /** PLAY_BREAK_RUNNING while a cool-off or self-exclusion runs; null otherwise. */
  async breakRefusal(executor: Executor, userId: string, now: Date): Promise<AppError | null> {
    const running = breakInForce(await this.deps.repository.latestBreak(executor, userId), now);
    return running
      ? new AppError('PLAY_BREAK_RUNNING', { params: { until: utcText(running.endsAt) } })
      : null;
  }

  /** After the position was inserted (its stake counted): refuses it over a limit or during a break. */
  async admitStake(trx: Transaction<DB>, userId: string, roundId: string, now: Date): Promise<void> {
    const refusal = await this.breakRefusal(trx, userId, now);
    if (refusal) throw refusal;
    const limits = asLimits(await this.deps.repository.limits(trx, userId));
    if (Object.keys(limits).length === 0) return;
    const usage = await this.deps.repository.usage(trx, userId);
    const roundStaked = await this.deps.repository.roundStaked(trx, userId, roundId);
    const over = stakeRefusal(limits, usage, roundStaked, now);
    if (over) throw refusalError(over);
  }

  /**
   * Before a card checkout is opened at the gateway (not ours to roll back): the break, or the limit
   * this deposit would pass, read without a lock; admitDeposit decides for good in the transaction.
   */
  async depositRefusal(
    executor: Executor,
    userId: string,
    amount: number,
    now: Date,
  ): Promise<AppError | null> {
    const refusal = await this.breakRefusal(executor, userId, now);
    if (refusal) return refusal;
    const limits = asLimits(await this.deps.repository.limits(executor, userId));
    if (Object.keys(limits).length === 0) return null;
    const usage = withDeposit(await this.deps.repository.usage(executor, userId), amount, now);
    const over = depositRefusal(limits, usage, now);
    return over && refusalError(over);
  }

  /** After the deposit was inserted (its amount counted): refuses it over a limit or during a break. */
  async admitDeposit(trx: Transaction<DB>, userId: string, now: Date): Promise<void> {
    const refusal = await this.breakRefusal(trx, userId, now);
    if (refusal) throw refusal;
    const limits = asLimits(await this.deps.repository.limits(trx, userId));
    if (Object.keys(limits).length === 0) return;
    const over = depositRefusal(limits, await this.deps.repository.usage(trx, userId), now);
    if (over) throw refusalError(over);
  }

  /** The break running now, for the login's answer (signed in or not, withdrawals stay open). */
  async runningBreak(userId: string): Promise<PlayBreakView | null> {
    const running = breakInForce(
      await this.deps.repository.latestBreak(this.deps.db, userId),
      this.deps.clock.now(),
    );
    return running && { kind: running.kind, endsAt: toUnixSeconds(running.endsAt) };
  }

  // ---- the player's own ---------------------------------------------------------------------------------

  overview(userId: string): Promise<PlayLimitsOverview> {
    return this.overviewWith(this.deps.db, userId, this.deps.clock.now());
  }

  async setLimit(userId: string, input: SetPlayLimitRequest): Promise<PlayLimitsOverview> {
    return this.deps.db.transaction().execute(async (trx) => {
      const now = this.deps.clock.now();
      const current = asLimits(await this.deps.repository.lockLimits(trx, userId))[input.kind];
      const change = changeLimit(current, input.amount, now);
      if (change.outcome !== 'unchanged') {
        await this.deps.repository.saveLimit(trx, userId, input.kind, change.setting, now);
      }
      return this.overviewWith(trx, userId, now);
    });
  }

  async takeBreak(userId: string, input: TakePlayBreakRequest): Promise<PlayLimitsOverview> {
    return this.deps.db.transaction().execute(async (trx) => {
      await this.deps.repository.lockUser(trx, userId);
      const now = this.deps.clock.now();
      const running = await this.deps.repository.latestBreak(trx, userId);
      const taken = takeBreak(running, input.kind, now);
      if (!taken) {
        throw new AppError('PLAY_BREAK_SHORTER', { params: { until: utcText(running?.endsAt ?? now) } });
      }
      await this.deps.repository.insertBreak(trx, {
        id: newId(now.getTime()),
        userId,
        kind: taken.kind,
        startsAt: now,
        endsAt: taken.endsAt,
      });
      return this.overviewWith(trx, userId, now);
    });
  }

  async setRealityCheck(userId: string, input: RealityCheckRequest): Promise<PlayLimitsOverview> {
    const now = this.deps.clock.now();
    await this.deps.repository.saveRealityCheck(this.deps.db, userId, input.minutes, now);
    return this.overviewWith(this.deps.db, userId, now);
  }

  /**
   * The reality check's counters: the player's stakes and payouts of all time. The browser keeps the
   * reading taken when its session started; the session's figures are the difference.
   */
  session(userId: string): Promise<PlayCounters> {
    return this.deps.repository.counters(this.deps.db, userId);
  }

  // ---- operators ----------------------------------------------------------------------------------------

  /** The console's read-only view. */
  adminOverview(userId: string): Promise<PlayLimitsOverview> {
    return this.overview(userId);
  }

  /**
   * An operator asking to lift a user's break: always refused, and the attempt recorded (committed on
   * its own, as the refusal rolls nothing back).
   */
  async refuseLift(operatorId: string, userId: string): Promise<never> {
    const now = this.deps.clock.now();
    const running = breakInForce(await this.deps.repository.latestBreak(this.deps.db, userId), now);
    await this.deps.audit.record({
      operatorId,
      action: 'play_break.lift_refused',
      targetType: 'user',
      targetId: userId,
      before: running && { kind: running.kind, endsAt: toUnixSeconds(running.endsAt) },
    });
    throw new AppError('PLAY_BREAK_LOCKED');
  }

  // ---- views ------------------------------------------------------------------------------------------

  private async overviewWith(executor: Executor, userId: string, now: Date): Promise<PlayLimitsOverview> {
    const stored = asLimits(await this.deps.repository.limits(executor, userId));
    const usage = await this.deps.repository.usage(executor, userId);
    const running: RunningBreak | null = breakInForce(
      await this.deps.repository.latestBreak(executor, userId),
      now,
    );
    const minutes = await this.deps.repository.realityCheckMinutes(executor, userId);
    const periodView = (period: (typeof PLAY_PERIODS)[number]) => {
      const figures = figuresAt(usage, period, now);
      return {
        deposited: figures.deposited,
        loss: figures.staked - figures.paid,
        resetsAt: toUnixSeconds(periodEnd(period, now)),
      };
    };
    return {
      limits: PLAY_LIMIT_KINDS.map((kind) => {
        const setting = settleLimit(stored[kind] ?? { amount: null, pending: null }, now);
        return {
          kind,
          amount: setting.amount,
          pending: setting.pending && {
            amount: setting.pending.amount,
            from: toUnixSeconds(setting.pending.from),
          },
        };
      }),
      usage: { day: periodView('day'), week: periodView('week'), month: periodView('month') },
      break: running && { kind: running.kind, endsAt: toUnixSeconds(running.endsAt) },
      realityCheckMinutes: minutes,
    };
  }
}
