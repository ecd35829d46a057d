/**
 * Referral rewards (decision 0030): the figures settlement adds to, the user's team page, and the
 * programme, overrides, trees and reports of the console. Paying a day is ReferralPaymentsService's.
 */
import type {
  AdminReferralTree,
  ReferralProgrammeView,
  ReferralReport,
  ReferralRewardDay,
  ReferralRule,
  ReferralTeam,
  referralInviteeSchema,
  referralOverrideSchema,
} from '@tradehall/contracts';
import { checkReferralProgramme, maskAccount, type ReferralProblem } from '@tradehall/domain';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { keysetPage, type Page, type PageRequest, UUID_ID } from '../../platform/pagination.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { describedBy, type ReferenceKind } from '../ledger/ledger.service.ts';
import { type ReferralDays, ruleFrom, today, tomorrow } from './referral-rule.ts';
import type { ReferralsRepository, RewardDayRow } from './referrals.repository.ts';

type ReferralOverrideInput = z.infer<typeof referralOverrideSchema>;
type InviteeView = z.infer<typeof referralInviteeSchema>;

const REWARD_DAYS_SHOWN = 60;
const TREE_INVITEES_SHOWN = 50;
const TOP_REFERRERS = 20;

export interface ReferralsServiceDeps {
  db: Kysely<DB>;
  repository: ReferralsRepository;
  audit: AuditService;
  clock: Clock;
  days: ReferralDays;
}

function rewardView(row: RewardDayRow): ReferralRewardDay {
  const status = row.amount !== null ? 'paid' : row.day_paid ? 'none' : 'accruing';
  return {
    day: row.day,
    level: row.level === 2 ? 2 : 1,
    invitees: row.invitees,
    status,
    amount: row.amount ?? 0,
  };
}

function refuse(problem: ReferralProblem): never {
  const path = problem === 'cap_out_of_range' ? 'dailyCapCents' : 'level1RateBps';
  throw new AppError('VALIDATION_FAILED', { details: [{ path, key: 'validation.invalidValue' }] });
}

export class ReferralsService {
  constructor(private readonly deps: ReferralsServiceDeps) {}

  /** Settlement's part (its transaction, after the positions are marked): the round's figures. */
  readonly accrual = {
    accrue: async (trx: Transaction<DB>, roundId: string, now: Date): Promise<void> => {
      await this.deps.repository.accrueRound(trx, roundId, today(now, this.deps.days));
    },
  };

  /** How a reward shows in the records: its day, level and how many invitees played. */
  readonly records: ReferenceKind = describedBy(
    (executor, ids) => this.deps.repository.describe(executor, ids),
    (row) => ({ type: 'referral', day: row.day, level: row.level === 2 ? 2 : 1, invitees: row.invitees }),
  );

  async rule(): Promise<ReferralRule> {
    const day = today(this.deps.clock.now(), this.deps.days);
    return ruleFrom(day, await this.deps.repository.programmesFrom(this.deps.db, day));
  }

  async team(userId: string): Promise<ReferralTeam> {
    const day = today(this.deps.clock.now(), this.deps.days);
    const [row, rule] = await Promise.all([
      this.deps.repository.team(this.deps.db, userId, day),
      this.rule(),
    ]);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return {
      invitationCode: row.invitation_code,
      rule,
      levels: [
        { level: 1, invitees: row.level1, turnoverToday: row.level1_today, turnoverTotal: row.level1_total },
        { level: 2, invitees: row.level2, turnoverToday: row.level2_today, turnoverTotal: row.level2_total },
      ],
      rewardsPaidTotal: row.paid_total,
    };
  }

  invitees(userId: string, query: PageRequest & { level: 1 | 2 }): Promise<Page<InviteeView>> {
    const day = today(this.deps.clock.now(), this.deps.days);
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.repository.invitees(this.deps.db, userId, query.level, day, cursor, limit),
      (row) => ({
        account: maskAccount(row.username),
        joinedAt: toUnixSeconds(row.created_at),
        turnoverToday: row.turnover_today,
        turnoverTotal: row.turnover_total,
      }),
    );
  }

  async rewards(userId: string): Promise<{ items: ReferralRewardDay[] }> {
    const rows = await this.deps.repository.rewardDays(this.deps.db, userId, REWARD_DAYS_SHOWN);
    return { items: rows.map(rewardView) };
  }

  // ---- console ----------------------------------------------------------------------------------------

  /**
   * Sets the programme from the next business day (a second change the same day replaces the first).
   * Checked before the step-up, so a bad rate does not use up the admin's code; the row and its audit
   * entry commit together.
   */
  async updateProgramme(
    operatorId: string,
    input: ReferralProgrammeView,
    stepUp: () => Promise<void>,
  ): Promise<ReferralRule> {
    const problem = checkReferralProgramme(input);
    if (problem) refuse(problem);
    await stepUp();
    const now = this.deps.clock.now();
    const effectiveFrom = tomorrow(now, this.deps.days);
    await this.deps.db.transaction().execute(async (trx) => {
      const before = ruleFrom(
        today(now, this.deps.days),
        await this.deps.repository.programmesFrom(trx, today(now, this.deps.days)),
      );
      await this.deps.repository.putProgramme(
        trx,
        {
          effective_from: effectiveFrom,
          mode: input.mode,
          level1_rate_bps: input.level1RateBps,
          level2_rate_bps: input.level2RateBps,
          daily_cap: input.dailyCapCents,
        },
        operatorId,
        now,
      );
      await this.deps.audit.record(
        {
          operatorId,
          action: 'referral.programme',
          targetType: 'referral_programme',
          targetId: effectiveFrom,
          before,
          after: { ...input, effectiveFrom },
        },
        trx,
      );
    });
    return this.rule();
  }

  /** A referrer's exclusion or own rates from the next business day, checked against that day's rule. */
  async setOverride(
    operatorId: string,
    userId: string,
    input: ReferralOverrideInput & { reason: string },
    stepUp: () => Promise<void>,
  ): Promise<AdminReferralTree> {
    const rule = await this.rule();
    const problem = checkReferralProgramme(rule.next ?? rule.inForce, input);
    if (problem) refuse(problem);
    if (!(await this.exists(userId))) throw new AppError('NOT_FOUND');
    await stepUp();
    const now = this.deps.clock.now();
    const effectiveFrom = tomorrow(now, this.deps.days);
    await this.deps.db.transaction().execute(async (trx) => {
      const before = (await this.deps.repository.latestOverride(trx, userId)) ?? null;
      const row = {
        effective_from: effectiveFrom,
        excluded: input.excluded,
        level1_rate_bps: input.level1RateBps,
        level2_rate_bps: input.level2RateBps,
        reason: input.reason,
      };
      await this.deps.repository.putOverride(trx, userId, row, operatorId, now);
      await this.deps.audit.record(
        {
          operatorId,
          action: 'referral.override',
          targetType: 'user',
          targetId: userId,
          reason: input.reason,
          before,
          after: row,
        },
        trx,
      );
    });
    return this.tree(userId);
  }

  async tree(userId: string): Promise<AdminReferralTree> {
    const { db, repository } = this.deps;
    if (!(await this.exists(userId))) throw new AppError('NOT_FOUND');
    const [inviter, members, invitees, rewards, paid, override] = await Promise.all([
      repository.inviter(db, userId),
      repository.members(db, userId),
      repository.treeInvitees(db, userId, TREE_INVITEES_SHOWN),
      repository.rewardDays(db, userId, REWARD_DAYS_SHOWN),
      repository.rewardsPaidTotal(db, userId),
      repository.latestOverride(db, userId),
    ]);
    return {
      inviter: inviter ? { userId: inviter.id, account: inviter.username } : null,
      members,
      invitees: invitees.map((row) => ({
        userId: row.id,
        account: row.username,
        level: row.level === 2 ? 2 : 1,
        joinedAt: toUnixSeconds(row.created_at),
      })),
      rewards: rewards.map(rewardView),
      rewardsPaidTotal: paid,
      override: override
        ? {
            excluded: override.excluded,
            level1RateBps: override.level1_rate_bps,
            level2RateBps: override.level2_rate_bps,
            reason: override.reason,
            effectiveFrom: override.effective_from,
          }
        : null,
    };
  }

  async report(from: string, to: string): Promise<ReferralReport> {
    const [perDay, top] = await Promise.all([
      this.deps.repository.reportPerDay(this.deps.db, from, to),
      this.deps.repository.topReferrers(this.deps.db, from, to, TOP_REFERRERS),
    ]);
    return {
      perDay,
      topReferrers: top.map((row) => ({
        userId: row.id,
        account: row.username,
        total: row.total,
        days: row.days,
      })),
    };
  }

  private async exists(userId: string): Promise<boolean> {
    const day = today(this.deps.clock.now(), this.deps.days);
    return (await this.deps.repository.team(this.deps.db, userId, day)) !== undefined;
  }
}
