/**
 * Operator login for the console: the same credential check as users (modules/auth/credential-check:
 * captcha, lockout counted separately, argon2id password), TOTP two-factor once enrolled, and sessions of
 * their own that user routes never accept. A console session dies after `idleTimeoutSeconds` without a
 * request, and at `sessionTtlSeconds` in any case.
 */
import type { AdminLoginRequest, AdminLoginResponse, OperatorProfile } from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import { accountKey } from '../../platform/account-key.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DB, OperatorRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { OperatorAuth } from '../../platform/guards/operator-guard.ts';
import type { ClientMeta } from '../../platform/http.ts';
import { issueSession } from '../../platform/session-issue.ts';
import { hashToken } from '../../platform/tokens.ts';
import type { AttemptThrottleService } from '../attempt-throttle/attempt-throttle.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CredentialCheckService } from '../auth/credential-check.service.ts';
import type { AdminAuthRepository } from './admin-auth.repository.ts';
import { acceptedStep, newTotpSecret, totpUrl } from './totp.ts';

/** last_seen_at is written at most this often (and at least ten times per idle timeout). */
const TOUCH_INTERVAL_MS = 60_000;

export interface AdminAuthSettings {
  sessionTtlSeconds: number;
  idleTimeoutSeconds: number;
}

export interface AdminAuthServiceDeps {
  db: Kysely<DB>;
  repository: AdminAuthRepository;
  credentials: CredentialCheckService;
  /** The operators' lockout counter, for step-up codes (login reaches it through `credentials`). */
  throttle: AttemptThrottleService;
  audit: AuditService;
  clock: Clock;
  settings: AdminAuthSettings;
}

export class AdminAuthService {
  readonly #touchIntervalMs: number;

  constructor(private readonly deps: AdminAuthServiceDeps) {
    this.#touchIntervalMs = Math.min(TOUCH_INTERVAL_MS, (deps.settings.idleTimeoutSeconds * 1000) / 10);
  }

  /**
   * The shared credential check on the operators' lockout counter, then the second factor. A missing code
   * is TOTP_REQUIRED (the console asks for it and tries again; the attempt is released uncounted); a wrong
   * or already used code counts towards the lockout like a wrong password, so six digits cannot be
   * guessed at leisure.
   */
  async login(input: AdminLoginRequest, meta: ClientMeta): Promise<AdminLoginResponse> {
    const { account: operator, session } = await this.deps.credentials.login(input, meta, {
      scope: 'operator',
      find: (key) => this.deps.repository.findOperatorByAccountKey(this.deps.db, key),
      admit: async (found, attempt) => {
        if (found.status !== 'active') throw new AppError('ACCOUNT_FROZEN');
        if (found.totp_secret === null) return;
        if (input.totpCode === undefined) throw new AppError('TOTP_REQUIRED');
        if (!(await this.acceptLoginCode(found, found.totp_secret, input.totpCode))) {
          await attempt.fail();
          throw new AppError('TOTP_INVALID');
        }
      },
      openSession: (found, clientMeta) =>
        issueSession(
          { clock: this.deps.clock, ttlSeconds: this.deps.settings.sessionTtlSeconds, meta: clientMeta },
          (columns) => this.deps.repository.insertSession(this.deps.db, found.id, columns),
        ),
    });
    return { ...session, operator: { id: operator.id, account: operator.username, role: operator.role } };
  }

  /** The operator behind a token, or null when unknown, revoked, expired, idle too long or frozen. */
  async authenticate(token: string | null): Promise<OperatorAuth | null> {
    if (!token) return null;
    const session = await this.deps.repository.findSessionByTokenHash(this.deps.db, hashToken(token));
    const now = this.deps.clock.now();
    if (!session || session.revoked_at !== null || session.expires_at.getTime() <= now.getTime()) return null;
    if (session.status !== 'active') return null;
    const idleMs = now.getTime() - session.last_seen_at.getTime();
    if (idleMs > this.deps.settings.idleTimeoutSeconds * 1000) {
      // Idle too long: the session is over for good, not merely refused this time.
      await this.deps.repository.revokeSession(this.deps.db, session.id, now);
      return null;
    }
    if (idleMs >= this.#touchIntervalMs)
      await this.deps.repository.touchSession(this.deps.db, session.id, now);
    return {
      sessionId: session.id,
      totpEnabled: session.totp_enabled,
      operator: { id: session.operator_id, account: session.username, role: session.role },
    };
  }

  profile(auth: OperatorAuth): OperatorProfile {
    return {
      ...auth.operator,
      totpEnabled: auth.totpEnabled,
      idleTimeoutSeconds: this.deps.settings.idleTimeoutSeconds,
    };
  }

  async logout(auth: OperatorAuth): Promise<void> {
    await this.deps.repository.revokeSession(this.deps.db, auth.sessionId, this.deps.clock.now());
  }

  /**
   * A fresh secret for the operator's authenticator app. It is not active until confirmed with a code,
   * so a half-done enrolment never locks anyone out; an active secret stays in force until then.
   * Replacing an active secret needs a current code of it (step-up): a stolen session alone cannot swap
   * the second factor for one of its own. Only this method sets a pending secret, so while two-factor is
   * on a pending secret exists only after such a code, and confirming it needs no second one.
   */
  async enrolTotp(
    auth: OperatorAuth,
    currentCode: string | undefined,
  ): Promise<{ secret: string; otpauthUrl: string }> {
    if (auth.totpEnabled) await this.verifyStepUp(auth, currentCode);
    const secret = newTotpSecret();
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.repository.setPendingSecret(trx, auth.operator.id, secret);
      // The secret itself never goes into the log.
      await this.deps.audit.record(
        {
          operatorId: auth.operator.id,
          action: 'operator.totp_enrol',
          targetType: 'operator',
          targetId: auth.operator.id,
          before: { totpEnabled: auth.totpEnabled },
          after: { totpEnabled: auth.totpEnabled, enrolmentPending: true },
        },
        trx,
      );
    });
    return { secret, otpauthUrl: totpUrl(secret, auth.operator.account) };
  }

  /** The first valid code of the pending secret makes it the active one; from then on login needs a code. */
  async confirmTotp(auth: OperatorAuth, code: string): Promise<OperatorProfile> {
    const operator = await this.deps.repository.findOperator(this.deps.db, auth.operator.id);
    const pending = operator?.totp_pending_secret ?? null;
    if (!operator || pending === null) throw new AppError('TOTP_INVALID');
    const step = acceptedStep(pending, code, this.deps.clock.now(), null);
    if (step === null) throw new AppError('TOTP_INVALID');
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.deps.repository.activatePendingSecret(trx, operator.id, pending, step))) {
        throw new AppError('TOTP_INVALID');
      }
      await this.deps.audit.record(
        {
          operatorId: operator.id,
          action: 'operator.totp_confirm',
          targetType: 'operator',
          targetId: operator.id,
          before: { totpEnabled: operator.totp_secret !== null },
          after: { totpEnabled: true },
        },
        trx,
      );
    });
    return this.profile({ ...auth, totpEnabled: true });
  }

  /**
   * Step-up for a sensitive change (where users send money, another operator's second factor, this
   * operator's own secret): a current code of the operator's active secret, on top of the session.
   * Without two-factor enrolled, or without a code, TOTP_REQUIRED; a wrong or already used code is
   * TOTP_INVALID and counts towards the login lockout, so a stolen session cannot guess the six digits
   * at leisure (and a locked account is refused here too).
   */
  async verifyStepUp(auth: OperatorAuth, code: string | undefined): Promise<void> {
    const operator = await this.deps.repository.findOperator(this.deps.db, auth.operator.id);
    if (!operator || operator.totp_secret === null || code === undefined) {
      throw new AppError('TOTP_REQUIRED');
    }
    const secret = operator.totp_secret;
    await this.deps.throttle.attempt('operator', accountKey(operator.username), async (attempt) => {
      // A right code is left unsettled (released uncounted): it proves the second factor, not the
      // password, so it must not wipe out wrong passwords counted against the name.
      if (await this.acceptLoginCode(operator, secret, code)) return;
      await attempt.fail();
      throw new AppError('TOTP_INVALID');
    });
  }

  private async acceptLoginCode(operator: OperatorRow, secret: string, code: string): Promise<boolean> {
    const lastStep = operator.totp_last_step === null ? null : Number(operator.totp_last_step);
    const step = acceptedStep(secret, code, this.deps.clock.now(), lastStep);
    // The step is claimed with a conditional update: two logins racing with one code, one wins.
    return step !== null && (await this.deps.repository.claimTotpStep(this.deps.db, operator.id, step));
  }
}
