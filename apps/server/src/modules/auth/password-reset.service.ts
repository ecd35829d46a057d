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
import type { Kysely } from 'kysely';
import { accountKey } from '../../platform/account-key.ts';
import { addSeconds, type Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import { hexDigestsEqual, sha256Hex } from '../../platform/tokens.ts';
import type { AccountStore } from '../accounts/accounts.service.ts';
import type { PasswordResetRepository } from './password-reset.repository.ts';
import { resetCodeMail } from './reset-mail.ts';
import type { SessionsRepository } from './sessions.repository.ts';

const codeHash = (id: string, code: string) => sha256Hex(`${id}:${code}`);

/** An id no user (and no code) has: what an unknown account's reset looks its code up by. */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

/** A fresh code: 6 random digits, and the id its hash is bound to. */
function newCode(): { id: string; digits: string; hash: string } {
  const id = randomUUID();
  const digits = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { id, digits, hash: codeHash(id, digits) };
}

export interface PasswordResetServiceDeps {
  db: Kysely<DB>;
  repository: PasswordResetRepository;
  accounts: AccountStore;
  sessions: SessionsRepository;
  hasher: PasswordHasher;
  mailer: Mailer;
  clock: Clock;
  /** Where a code that could not be stored or mailed after its answer is reported. */
  logger: Pick<Logger, 'error'>;
  /** Told whose sessions a reset revoked: no cached session outlives it, their sockets close. */
  afterRevoke?: (userId: string) => void;
}

export class PasswordResetService {
  readonly #pending = new Set<Promise<void>>();

  constructor(private readonly deps: PasswordResetServiceDeps) {}

  /**
   * The same work whether or not the name is an account with an email: one statement records the
   * request (or finds it too soon) and finds the user to mail, and the answer goes out. Storing the code
   * and mailing it happen after the answer, so a known account answers as fast as an unknown one:
   * `afterAnswer` is given that work and runs it once the answer has left (the route waits for the
   * response to finish; by default the next turn of the event loop).
   */
  async requestCode(
    account: string,
    locale: Locale,
    afterAnswer: (work: () => void) => void = setImmediate,
  ): Promise<{ resendAfterSeconds: number }> {
    const key = accountKey(account);
    const now = this.deps.clock.now();
    const { claimed, user } = await this.deps.repository.claimRequest(
      this.deps.db,
      key,
      now,
      addSeconds(now, -VERIFICATION_CODE_RESEND_SECONDS),
    );
    if (!claimed) {
      const blockedBy = (await this.deps.repository.lastRequestAt(this.deps.db, key)) ?? now;
      const waitMs = blockedBy.getTime() + VERIFICATION_CODE_RESEND_SECONDS * 1000 - now.getTime();
      throw new AppError('RESEND_TOO_SOON', { retryAfterSeconds: waitMs / 1000 });
    }
    if (user) afterAnswer(() => this.sendCodeNow(user, locale));
    return { resendAfterSeconds: VERIFICATION_CODE_RESEND_SECONDS };
  }

  /** Resolves once every code being stored and mailed after its answer is done (shutdown, tests). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#pending]);
  }

  /**
   * Stores and mails a code, tracked for settled() and logged if it fails (nobody is waiting for it). On
   * embedded PGlite a query runs on this thread, so this must start only once the answer has left, or
   * the time it takes would give away that the account exists.
   */
  private sendCodeNow(user: { id: string; email: string }, locale: Locale): void {
    const task: Promise<void> = this.sendCode(user, locale)
      .catch((error: unknown) => {
        this.deps.logger.error({ err: error, userId: user.id }, 'password-reset code could not be sent');
      })
      .finally(() => this.#pending.delete(task));
    this.#pending.add(task);
  }

  /**
   * Mails a fresh code to the user (an operator forced a reset): the same code, lifetime and rules as one
   * the user asked for. Returns whether a mail went out (false without an email address).
   */
  async sendCodeToUser(userId: string, locale: Locale): Promise<boolean> {
    const user = await this.deps.accounts.findById(this.deps.db, userId);
    if (!user?.email) return false;
    await this.sendCode({ id: user.id, email: user.email }, locale);
    return true;
  }

  private async sendCode(user: { id: string; email: string }, locale: Locale): Promise<void> {
    const now = this.deps.clock.now();
    const code = newCode();
    await this.deps.db.transaction().execute((trx) =>
      this.deps.repository.replaceCode(trx, {
        id: code.id,
        userId: user.id,
        codeHash: code.hash,
        now,
        expiresAt: addSeconds(now, VERIFICATION_CODE_TTL_SECONDS),
      }),
    );
    this.deps.mailer.sendInBackground(resetCodeMail(locale, user.email, code.digits));
  }

  /**
   * On success the password changes, every session of the account is revoked, and an operator's forced
   * reset (password_reset_required) is satisfied.
   */
  async reset(input: { account: string; code: string; password: string; confirmPassword: string }) {
    if (checkPasswordsMatch(input.password, input.confirmPassword))
      throw new AppError('PASSWORDS_DO_NOT_MATCH');
    // Hashed before the transaction: argon2 takes tens of ms and must not hold the row (or PGlite) locked.
    // And whatever the name, as is the transaction below: an unknown account takes as long to refuse as a
    // known one with a wrong code.
    const passwordHash = await this.deps.hasher.hash(input.password);
    const user = await this.deps.accounts.findByAccountKey(this.deps.db, accountKey(input.account));
    const ok = await this.deps.db.transaction().execute(async (trx) => {
      const code = await this.deps.repository.latestUnusedCodeForUpdate(trx, user?.id ?? NO_USER_ID);
      const now = this.deps.clock.now();
      const usable =
        user !== undefined &&
        code !== undefined &&
        code.expires_at.getTime() > now.getTime() &&
        code.attempts < VERIFICATION_CODE_MAX_ATTEMPTS;
      if (!usable || !hexDigestsEqual(code.code_hash, codeHash(code.id, input.code))) {
        // Every refusal counts, on the code if there is one (on nothing otherwise): the same statements
        // whether the name has a live code, a dead one, or no account at all.
        await this.deps.repository.countAttempt(trx, code?.id ?? NO_USER_ID);
        return false;
      }
      await this.deps.repository.markUsed(trx, code.id, now);
      await this.deps.accounts.setPasswordHash(trx, user.id, passwordHash, now);
      await this.deps.sessions.revokeAllForUser(trx, user.id, now);
      return true;
    });
    if (!ok || !user) throw new AppError('VERIFICATION_CODE_INVALID');
    this.deps.afterRevoke?.(user.id);
  }
}
