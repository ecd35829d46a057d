/**
 * My account: profile, real name, login password and payment password. The money figures (balance,
 * withdrawable, unprocessed items) come from the ledger through a MoneySummary source.
 */
import type {
  ChangePasswordRequest,
  MeResponse,
  PatchMeRequest,
  PaymentPasswordRequest,
} from '@tradehall/contracts';
import { CURRENCY_CODE, checkPasswordsMatch } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import { accountKey } from '../../platform/account-key.ts';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import type { DB, MeUserRow, UserRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { UserAuth } from '../../platform/guards/user-guard.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import {
  type AttemptThrottleService,
  PAYMENT_PASSWORD_SCOPE,
} from '../attempt-throttle/attempt-throttle.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';

/** The users table's unique constraints, by name: a violation says which input was taken. */
export const USERS_USERNAME_KEY = 'users_username_key';
export const USERS_EMAIL_KEY = 'users_email_key';
export const USERS_INVITATION_CODE_KEY = 'users_invitation_code_key';

/** What other modules read and write of the accounts, inside their own transactions. */
export type AccountStore = Pick<
  AccountsRepository,
  | 'findById'
  | 'findByAccountKey'
  | 'status'
  | 'setPasswordHash'
  | 'emailTaken'
  | 'findIdByInvitationCode'
  | 'insert'
>;

export interface MoneySummary {
  balance: number;
  withdrawable: number;
  /** Pending deposits plus pending withdrawals. */
  unprocessedCount: number;
}

/** What changing the login password needs of the sessions: every other session of the user ends. */
export interface SessionRevoker {
  revokeOthers(auth: UserAuth): Promise<void>;
}

export interface AccountsServiceDeps {
  db: Kysely<DB>;
  accounts: AccountsRepository;
  sessions: SessionRevoker;
  hasher: PasswordHasher;
  clock: Clock;
  money: {
    summary(userId: string): Promise<MoneySummary>;
    userWithSummary(userId: string): Promise<{ user: MeUserRow; money: MoneySummary } | undefined>;
  };
  /** The login lockout: the old password's check when changing the login or payment password. */
  loginThrottle: AttemptThrottleService;
  /** The payment password's lock: the login password's check when changing the payment password. */
  paymentPasswordThrottle: AttemptThrottleService;
}

export class AccountsService {
  constructor(private readonly deps: AccountsServiceDeps) {}

  /** One round trip: the user's row and money figures are read together. */
  async me(auth: UserAuth): Promise<MeResponse> {
    const found = await this.deps.money.userWithSummary(auth.userId);
    if (!found) throw new AppError('UNAUTHENTICATED');
    return toMe(found.user, found.money);
  }

  /** The real name is set once (bank cards must be in the holder's name) and never changed by the user. */
  async setRealName(auth: UserAuth, realName: string): Promise<MeResponse> {
    const row = await this.deps.accounts.setRealNameOnce(
      this.deps.db,
      auth.userId,
      realName,
      this.deps.clock.now(),
    );
    if (!row) {
      await this.load(auth);
      throw new AppError('REAL_NAME_ALREADY_SET');
    }
    return this.view(row);
  }

  async update(auth: UserAuth, changes: PatchMeRequest): Promise<MeResponse> {
    const next: { nickname?: string; email?: string | null } = {};
    if (changes.nickname !== undefined) next.nickname = changes.nickname;
    if (changes.email !== undefined) {
      const email = changes.email.trim();
      next.email = email === '' ? null : email;
      if (next.email && (await this.deps.accounts.emailTaken(this.deps.db, next.email, auth.userId))) {
        throw new AppError('EMAIL_TAKEN');
      }
    }
    try {
      const row = await this.deps.accounts.updateProfile(
        this.deps.db,
        auth.userId,
        next,
        this.deps.clock.now(),
      );
      if (!row) throw new AppError('UNAUTHENTICATED');
      return this.view(row);
    } catch (error) {
      if (isUniqueViolation(error, USERS_EMAIL_KEY)) throw new AppError('EMAIL_TAKEN');
      throw error;
    }
  }

  /**
   * Needs the old password, checked on the same lockout counter as logging in to this account (a
   * stolen session must not give unlimited guesses); every other session is signed out afterwards.
   */
  async changePassword(auth: UserAuth, input: ChangePasswordRequest): Promise<void> {
    if (checkPasswordsMatch(input.newPassword, input.confirmPassword)) {
      throw new AppError('PASSWORDS_DO_NOT_MATCH');
    }
    const user = await this.load(auth);
    await this.deps.loginThrottle.attempt('user', accountKey(user.username), async (attempt) => {
      if (!(await this.deps.hasher.verify(user.password_hash, input.oldPassword))) {
        await attempt.fail();
        throw new AppError('WRONG_PASSWORD');
      }
      await attempt.succeed();
    });
    const hash = await this.deps.hasher.hash(input.newPassword);
    await this.deps.accounts.setPasswordHash(this.deps.db, user.id, hash, this.deps.clock.now());
    await this.deps.sessions.revokeOthers(auth);
  }

  /**
   * The first payment password needs nothing more; changing one needs the login password. That check
   * counts on the payment password's counter (a new payment password is a way to withdraw, so guesses
   * here and at a withdrawal share one budget) and on the login counter (it is the login password that
   * is guessed): the stricter of the two limits holds.
   */
  async setPaymentPassword(auth: UserAuth, input: PaymentPasswordRequest): Promise<void> {
    if (checkPasswordsMatch(input.paymentPassword, input.confirmPaymentPassword)) {
      throw new AppError('PASSWORDS_DO_NOT_MATCH');
    }
    const user = await this.load(auth);
    if (user.payment_password_hash !== null) {
      const loginPassword = input.loginPassword;
      // Nothing to check, so nothing to count.
      if (loginPassword === undefined || loginPassword === '') throw new AppError('WRONG_PASSWORD');
      await this.deps.paymentPasswordThrottle.attempt(PAYMENT_PASSWORD_SCOPE, user.id, (payment) =>
        this.deps.loginThrottle.attempt('user', accountKey(user.username), async (login) => {
          if (!(await this.deps.hasher.verify(user.password_hash, loginPassword))) {
            await Promise.all([payment.fail(), login.fail()]);
            throw new AppError('WRONG_PASSWORD');
          }
          await Promise.all([payment.succeed(), login.succeed()]);
        }),
      );
    }
    const hash = await this.deps.hasher.hash(input.paymentPassword);
    await this.deps.accounts.setPaymentPasswordHash(this.deps.db, user.id, hash, this.deps.clock.now());
  }

  private async view(user: UserRow): Promise<MeResponse> {
    return toMe(user, await this.deps.money.summary(user.id));
  }

  private async load(auth: UserAuth): Promise<UserRow> {
    const user = await this.deps.accounts.findById(this.deps.db, auth.userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return user;
  }
}

function toMe(user: MeUserRow, money: MoneySummary): MeResponse {
  return {
    id: user.id,
    account: user.username,
    nickname: user.nickname,
    realName: user.real_name,
    email: user.email,
    creditScore: user.credit_score,
    invitationCode: user.invitation_code,
    currency: CURRENCY_CODE,
    balance: money.balance,
    withdrawable: money.withdrawable,
    unprocessedCount: money.unprocessedCount,
    hasPaymentPassword: user.payment_password_hash !== null,
    createdAt: toUnixSeconds(user.created_at),
  };
}
