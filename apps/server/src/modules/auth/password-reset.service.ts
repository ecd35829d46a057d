/**
 * Password reset by emailed code. Asking for a code always gets the same answer, whether the account
 * exists or has an email; the 60 s resend rule is kept per account name, existing or not, so it reveals
 * nothing either. A code: 6 random digits, stored hashed, valid 10 minutes, 5 attempts, single use.
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  checkPasswordsMatch,
  type Locale,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_RESEND_SECONDS,
  VERIFICATION_CODE_TTL_SECONDS,
} from '@tradehall/domain';
import { addSeconds, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import { hexDigestsEqual, sha256Hex } from '../../platform/tokens.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import { accountKey } from './account-key.ts';
import type { PasswordResetRepository } from './password-reset.repository.ts';
import { resetCodeMail } from './reset-mail.ts';
import type { SessionsRepository } from './sessions.repository.ts';

const codeHash = (id: string, code: string) => sha256Hex(`${id}:${code}`);

export class PasswordResetService {
  constructor(
    private readonly repository: PasswordResetRepository,
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    /** Told whose sessions a reset revoked, so no cached session outlives it on this node. */
    private readonly afterRevoke: (userId: string) => void = () => {},
  ) {}

  async requestCode(account: string, locale: Locale): Promise<{ resendAfterSeconds: number }> {
    const key = accountKey(account);
    const now = this.clock.now();
    const blockedBy = await this.repository.claimRequest(
      key,
      now,
      addSeconds(now, -VERIFICATION_CODE_RESEND_SECONDS),
    );
    if (blockedBy) {
      const waitMs = blockedBy.getTime() + VERIFICATION_CODE_RESEND_SECONDS * 1000 - now.getTime();
      throw new AppError('RESEND_TOO_SOON', { retryAfterSeconds: waitMs / 1000 });
    }
    const user = await this.accounts.findByAccountKey(key);
    if (user?.email) await this.sendCode({ id: user.id, email: user.email }, locale);
    return { resendAfterSeconds: VERIFICATION_CODE_RESEND_SECONDS };
  }

  /**
   * Mails a fresh code to the user (an operator forced a reset): the same code, lifetime and rules as one
   * the user asked for. Returns whether a mail went out (false without an email address).
   */
  async sendCodeToUser(userId: string, locale: Locale): Promise<boolean> {
    const user = await this.accounts.findById(userId);
    if (!user?.email) return false;
    await this.sendCode({ id: user.id, email: user.email }, locale);
    return true;
  }

  private async sendCode(user: { id: string; email: string }, locale: Locale): Promise<void> {
    const now = this.clock.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = randomUUID();
    await this.repository.replaceCode({
      id,
      userId: user.id,
      codeHash: codeHash(id, code),
      now,
      expiresAt: addSeconds(now, VERIFICATION_CODE_TTL_SECONDS),
    });
    this.mailer.sendInBackground(resetCodeMail(locale, user.email, code));
  }

  /**
   * On success the password changes, every session of the account is revoked, and an operator's forced
   * reset (password_reset_required) is satisfied.
   */
  async reset(input: { account: string; code: string; password: string; confirmPassword: string }) {
    if (checkPasswordsMatch(input.password, input.confirmPassword))
      throw new AppError('PASSWORDS_DO_NOT_MATCH');
    const user = await this.accounts.findByAccountKey(accountKey(input.account));
    if (!user) throw new AppError('VERIFICATION_CODE_INVALID');
    // Hashed before the transaction: argon2 takes tens of ms and must not hold the row (or PGlite) locked.
    const passwordHash = await this.hasher.hash(input.password);
    const ok = await this.repository.withLatestCode(user.id, async (code, trx) => {
      const now = this.clock.now();
      if (
        !code ||
        code.expires_at.getTime() <= now.getTime() ||
        code.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS
      ) {
        return false;
      }
      if (!hexDigestsEqual(code.code_hash, codeHash(code.id, input.code))) {
        await this.repository.countAttempt(code.id, trx);
        return false;
      }
      await this.repository.markUsed(code.id, now, trx);
      await this.accounts.setPasswordHash(user.id, passwordHash, now, trx);
      await this.sessions.revokeAllForUser(user.id, now, undefined, trx);
      return true;
    });
    if (!ok) throw new AppError('VERIFICATION_CODE_INVALID');
    this.afterRevoke(user.id);
  }
}
