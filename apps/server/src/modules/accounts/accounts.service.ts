/**
 * My account: profile, login password and payment password. Balance figures are 0 until the ledger
 * exists (a later issue) — that is the truth today, not a placeholder number.
 */
import type {
  ChangePasswordRequest,
  MeResponse,
  PatchMeRequest,
  PaymentPasswordRequest,
} from '@tradehall/contracts';
import { CURRENCY_CODE, checkPasswordsMatch } from '@tradehall/domain';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import type { SessionsService, UserAuth } from '../auth/sessions.service.ts';
import { type AccountsRepository, USERS_EMAIL_KEY } from './accounts.repository.ts';

export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsService,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async me(auth: UserAuth): Promise<MeResponse> {
    return toMe(await this.load(auth));
  }

  async update(auth: UserAuth, changes: PatchMeRequest): Promise<MeResponse> {
    const next: { nickname?: string; email?: string | null } = {};
    if (changes.nickname !== undefined) next.nickname = changes.nickname;
    if (changes.email !== undefined) {
      const email = changes.email.trim();
      next.email = email === '' ? null : email;
      if (next.email && (await this.accounts.emailTaken(next.email, auth.userId))) {
        throw new AppError('EMAIL_TAKEN');
      }
    }
    try {
      const row = await this.accounts.updateProfile(auth.userId, next, this.clock.now());
      if (!row) throw new AppError('UNAUTHENTICATED');
      return toMe(row);
    } catch (error) {
      if (isUniqueViolation(error, USERS_EMAIL_KEY)) throw new AppError('EMAIL_TAKEN');
      throw error;
    }
  }

  /** Needs the old password; every other session of the account is signed out afterwards. */
  async changePassword(auth: UserAuth, input: ChangePasswordRequest): Promise<void> {
    if (checkPasswordsMatch(input.newPassword, input.confirmPassword)) {
      throw new AppError('PASSWORDS_DO_NOT_MATCH');
    }
    const user = await this.load(auth);
    if (!(await this.hasher.verify(user.password_hash, input.oldPassword)))
      throw new AppError('WRONG_PASSWORD');
    const hash = await this.hasher.hash(input.newPassword);
    await this.accounts.setPasswordHash(user.id, hash, this.clock.now());
    await this.sessions.revokeOthers(auth);
  }

  /** The first payment password needs nothing more; changing one needs the login password. */
  async setPaymentPassword(auth: UserAuth, input: PaymentPasswordRequest): Promise<void> {
    if (checkPasswordsMatch(input.paymentPassword, input.confirmPaymentPassword)) {
      throw new AppError('PASSWORDS_DO_NOT_MATCH');
    }
    const user = await this.load(auth);
    if (user.payment_password_hash !== null) {
      const loginOk =
        input.loginPassword !== undefined &&
        input.loginPassword !== '' &&
        (await this.hasher.verify(user.password_hash, input.loginPassword));
      if (!loginOk) throw new AppError('WRONG_PASSWORD');
    }
    const hash = await this.hasher.hash(input.paymentPassword);
    await this.accounts.setPaymentPasswordHash(user.id, hash, this.clock.now());
  }

  private async load(auth: UserAuth): Promise<UserRow> {
    const user = await this.accounts.findById(auth.userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return user;
  }
}

function toMe(user: UserRow): MeResponse {
  return {
    id: user.id,
    account: user.username,
    nickname: user.nickname,
    realName: user.real_name,
    email: user.email,
    creditScore: user.credit_score,
    invitationCode: user.invitation_code,
    currency: CURRENCY_CODE,
    balance: 0,
    withdrawable: 0,
    unprocessedCount: 0,
    hasPaymentPassword: user.payment_password_hash !== null,
    createdAt: toUnixSeconds(user.created_at),
  };
}
