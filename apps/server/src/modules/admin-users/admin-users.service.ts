/**
 * The console's users: search, a full picture of one user, and the operator's actions on an account —
 * freeze and unfreeze, credit score, forced password reset. Each action locks the user row, changes it,
 * and records the audit entry in one transaction; what must reach other parts (ended sessions, the
 * realtime disconnect, the reset mail) happens after the commit.
 *
 * Repeating an action that is already in effect (freezing a frozen user) answers the user as they are
 * and records nothing.
 */
import type {
  AdminUser,
  AdminUserDetail,
  adminUserQuerySchema,
  creditScoreRequestSchema,
} from '@tradehall/contracts';
import { FALLBACK_LOCALE } from '@tradehall/domain';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { keysetPage, type Page, UUID_ID } from '../../platform/pagination.ts';
import type { AssetsService } from '../assets/assets.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PasswordResetService } from '../auth/password-reset.service.ts';
import type { SessionStore, SessionsService } from '../auth/sessions.service.ts';
import type { BankCardsService } from '../bank-cards/bank-cards.service.ts';
import type { DepositsService } from '../deposits/deposits.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PositionsService } from '../positions/positions.service.ts';
import type { WalletsService } from '../wallets/wallets.service.ts';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service.ts';
import type { AdminUserRow, AdminUsersRepository } from './admin-users.repository.ts';

export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;
export type CreditScoreRequest = z.infer<typeof creditScoreRequestSchema>;

/** How many of each kind of record the user detail shows (newest first). */
export const DETAIL_LIMIT = 50;

export interface AdminUsersDeps {
  db: Kysely<DB>;
  repository: AdminUsersRepository;
  sessionsRepository: SessionStore;
  sessions: SessionsService;
  passwordReset: PasswordResetService;
  ledger: LedgerService;
  assets: AssetsService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  positions: PositionsService;
  bankCards: BankCardsService;
  wallets: WalletsService;
  audit: AuditService;
  clock: Clock;
}

export class AdminUsersService {
  constructor(private readonly deps: AdminUsersDeps) {}

  async search(query: AdminUserQuery): Promise<Page<AdminUser>> {
    const q = query.q === '' ? undefined : query.q;
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.repository.search(this.deps.db, q, cursor, limit),
      toAdminUser,
    );
  }

  async detail(userId: string): Promise<AdminUserDetail> {
    const { deps } = this;
    const user = await this.user(deps.db, userId);
    const page = { limit: DETAIL_LIMIT };
    const [money, ledger, positions, deposits, withdrawals, bankCards, wallets, sessions] = await Promise.all(
      [
        deps.assets.summary(userId),
        deps.ledger.latestEntries(userId, DETAIL_LIMIT),
        deps.positions.list(userId, page),
        deps.deposits.adminList({ userId, ...page }),
        deps.withdrawals.adminList({ userId, ...page }),
        deps.bankCards.list(userId),
        deps.wallets.list(userId),
        deps.sessionsRepository.listLive(deps.db, userId, deps.clock.now()),
      ],
    );
    return {
      user,
      withdrawable: money.withdrawable,
      ledger,
      positions: positions.items,
      deposits: deposits.items,
      withdrawals: withdrawals.items,
      bankCards: bankCards.items,
      wallets: wallets.items,
      sessions: sessions.map((session) => ({
        id: session.id,
        createdAt: toUnixSeconds(session.created_at),
        lastSeenAt: toUnixSeconds(session.last_seen_at),
        expiresAt: toUnixSeconds(session.expires_at),
        userAgent: session.user_agent,
      })),
    };
  }

  /**
   * A frozen user can neither log in nor move money: the status is checked at login, on every session
   * lookup and inside deposit and withdrawal requests; their sessions are revoked here, dropped from
   * this node's cache, and their realtime connections told to close.
   */
  freeze(operatorId: string, userId: string, reason: string): Promise<AdminUser> {
    return this.setFrozen(operatorId, userId, reason, true);
  }

  unfreeze(operatorId: string, userId: string, reason: string): Promise<AdminUser> {
    return this.setFrozen(operatorId, userId, reason, false);
  }

  async setCreditScore(operatorId: string, userId: string, input: CreditScoreRequest): Promise<AdminUser> {
    const { user } = await this.act(operatorId, userId, input.reason, async (trx, before, now) => {
      if (before.creditScore === input.score) return null;
      await this.deps.repository.setCreditScore(trx, userId, input.score, now);
      return { action: 'user.credit_score', audit: (view) => ({ creditScore: view.creditScore }) };
    });
    return user;
  }

  /**
   * Forces a password reset: the user's sessions end and login answers PASSWORD_RESET_REQUIRED until they
   * reset by emailed code (sent now when they have an email; otherwise they ask for one on the login page).
   */
  async forcePasswordReset(operatorId: string, userId: string, reason: string): Promise<AdminUser> {
    const { user } = await this.act(operatorId, userId, reason, async (trx, _before, now) => {
      await this.deps.repository.requirePasswordReset(trx, userId, now);
      await this.deps.sessionsRepository.revokeAllForUser(trx, userId, now);
      return { action: 'user.password_reset', audit: () => ({ passwordResetRequired: true }) };
    });
    this.endSessions(userId);
    await this.deps.passwordReset.sendCodeToUser(userId, FALLBACK_LOCALE);
    return user;
  }

  private async setFrozen(
    operatorId: string,
    userId: string,
    reason: string,
    frozen: boolean,
  ): Promise<AdminUser> {
    const { user, changed } = await this.act(operatorId, userId, reason, async (trx, before, now) => {
      if (before.frozen === frozen) return null;
      await this.deps.repository.setStatus(trx, userId, frozen ? 'frozen' : 'active', now);
      if (frozen) await this.deps.sessionsRepository.revokeAllForUser(trx, userId, now);
      return { action: frozen ? 'user.freeze' : 'user.unfreeze', audit: (view) => ({ frozen: view.frozen }) };
    });
    if (frozen && changed) this.endSessions(userId);
    return user;
  }

  /**
   * One operator action on one user: lock the row, let `change` do its part (or return null when there
   * is nothing to do), then read the user again and audit before/after — all in one transaction.
   * `changed` says whether anything was done.
   */
  private async act(
    operatorId: string,
    userId: string,
    reason: string,
    change: (
      trx: Transaction<DB>,
      before: AdminUser,
      now: Date,
    ) => Promise<{ action: string; audit: (user: AdminUser) => Record<string, unknown> } | null>,
  ): Promise<{ user: AdminUser; changed: boolean }> {
    return this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.deps.repository.lock(trx, userId))) throw new AppError('NOT_FOUND');
      const before = await this.user(trx, userId);
      const done = await change(trx, before, this.deps.clock.now());
      if (!done) return { user: before, changed: false };
      const after = await this.user(trx, userId);
      await this.deps.audit.record(
        {
          operatorId,
          action: done.action,
          targetType: 'user',
          targetId: userId,
          reason,
          before: done.audit(before),
          after: done.audit(after),
        },
        trx,
      );
      return { user: after, changed: true };
    });
  }

  /** After a commit that revoked the user's sessions: no cached session survives, realtime closes. */
  private endSessions(userId: string): void {
    this.deps.sessions.afterAllRevoked(userId);
  }

  private async user(executor: Kysely<DB> | Transaction<DB>, userId: string): Promise<AdminUser> {
    const row = await this.deps.repository.find(executor, userId);
    if (!row) throw new AppError('NOT_FOUND');
    return toAdminUser(row);
  }
}

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    account: row.username,
    nickname: row.nickname,
    email: row.email,
    realName: row.real_name,
    creditScore: row.credit_score,
    frozen: row.status === 'frozen',
    balance: row.balance,
    createdAt: toUnixSeconds(row.created_at),
  };
}
