/**
 * Operator login for the console: the same captcha and lockout rules as users (counted separately),
 * argon2id passwords, and sessions of their own that user routes never accept.
 */
import type { AdminLoginRequest, AdminLoginResponse, OperatorView } from '@tradehall/contracts';
import { addSeconds, type Clock, toUnixSeconds } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { ClientMeta } from '../../platform/http.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { accountKey } from '../auth/account-key.ts';
import type { CaptchaService } from '../auth/captcha.service.ts';
import type { LoginThrottleService } from '../auth/login-throttle.service.ts';
import type { AdminAuthRepository } from './admin-auth.repository.ts';

export interface OperatorAuth {
  operator: OperatorView;
  sessionId: string;
}

const TOUCH_INTERVAL_MS = 60_000;

export class AdminAuthService {
  constructor(
    private readonly repository: AdminAuthRepository,
    private readonly captcha: CaptchaService,
    private readonly throttle: LoginThrottleService,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly sessionTtlSeconds: number,
  ) {}

  async login(input: AdminLoginRequest, meta: ClientMeta): Promise<AdminLoginResponse> {
    if (!(await this.captcha.verify(input.captchaId, input.captchaAnswer))) {
      throw new AppError('INVALID_CAPTCHA');
    }
    const key = accountKey(input.account);
    await this.throttle.assertNotLocked('operator', key);
    const operator = await this.repository.findOperatorByAccountKey(key);
    const passwordOk = operator
      ? await this.hasher.verify(operator.password_hash, input.password)
      : await this.hasher.verifyDummy(input.password);
    if (!operator || !passwordOk) {
      await this.throttle.recordFailure('operator', key);
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (operator.status !== 'active') throw new AppError('ACCOUNT_FROZEN');
    await this.throttle.clear('operator', key);

    const now = this.clock.now();
    const token = newToken();
    const expiresAt = addSeconds(now, this.sessionTtlSeconds);
    await this.repository.insertSession({
      operatorId: operator.id,
      tokenHash: hashToken(token),
      now,
      expiresAt,
      userAgent: meta.userAgent,
      ip: meta.ip,
    });
    return {
      token,
      expiresAt: toUnixSeconds(expiresAt),
      operator: { id: operator.id, account: operator.username, role: operator.role },
    };
  }

  /** The operator behind a token, or null when unknown, revoked, expired or frozen. */
  async authenticate(token: string | null): Promise<OperatorAuth | null> {
    if (!token) return null;
    const session = await this.repository.findSessionByTokenHash(hashToken(token));
    const now = this.clock.now();
    if (!session || session.revoked_at !== null || session.expires_at.getTime() <= now.getTime()) return null;
    if (session.status !== 'active') return null;
    if (now.getTime() - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
      await this.repository.touchSession(session.id, now);
    }
    return {
      sessionId: session.id,
      operator: { id: session.operator_id, account: session.username, role: session.role },
    };
  }

  async logout(auth: OperatorAuth): Promise<void> {
    await this.repository.revokeSession(auth.sessionId, this.clock.now());
  }
}
