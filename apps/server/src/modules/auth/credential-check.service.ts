/**
 * The one login sequence of users and operators. Each side says only what differs: which lockout
 * counter, where accounts are found, what an account must pass beyond its password, and where its
 * session goes.
 *
 * The captcha first (used up whatever happens next), then an attempt reserved on the name's lockout
 * counter, so concurrent guesses cannot pass the lock together, then the password: against the account's
 * hash, or a dummy one for a name nobody has, so known and unknown names do the same hashing work. An
 * unknown name and a wrong password get the same INVALID_CREDENTIALS and both count towards the lock of
 * that name. A right password then meets the side's own checks; the attempt succeeds (clearing the name's
 * failures) only when they all pass, and a session is issued.
 */
import type { LoginRequest } from '@tradehall/contracts';
import { accountKey } from '../../platform/account-key.ts';
import { AppError } from '../../platform/errors.ts';
import type { ClientMeta } from '../../platform/http.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import type { IssuedSession } from '../../platform/session-issue.ts';
import type { Attempt, AttemptThrottleService } from '../attempt-throttle/attempt-throttle.service.ts';
import type { CaptchaService } from './captcha.service.ts';

/** What every login sends: the name, the password and the captcha's answer. */
export type Credentials = Pick<LoginRequest, 'account' | 'password' | 'captchaId' | 'captchaAnswer'>;

/** An account as the check needs it; each side's row type has more. */
export interface LoginAccount {
  id: string;
  password_hash: string;
}

/** What differs between the user login and the operator login. */
export interface LoginSide<A extends LoginAccount> {
  /** The lockout counter the names are counted on (users and operators separately). */
  scope: 'user' | 'operator';
  /** The account with this account key, or undefined when nobody has it. */
  find(accountKey: string): Promise<A | undefined>;
  /**
   * What the account must pass once its password is right (its status, a second factor): throws to
   * refuse. Throwing without settling `attempt` releases it uncounted (the right password of a frozen
   * account is neither a failure nor a success); a wrong second secret calls `attempt.fail()` first.
   */
  admit(account: A, attempt: Attempt): Promise<void>;
  /** Stores a session for the account in the side's own table. */
  openSession(account: A, meta: ClientMeta): Promise<IssuedSession>;
}

export interface CredentialCheckServiceDeps {
  captcha: CaptchaService;
  throttle: AttemptThrottleService;
  hasher: PasswordHasher;
}

export class CredentialCheckService {
  constructor(private readonly deps: CredentialCheckServiceDeps) {}

  async login<A extends LoginAccount>(
    input: Credentials,
    meta: ClientMeta,
    side: LoginSide<A>,
  ): Promise<{ account: A; session: IssuedSession }> {
    if (!(await this.deps.captcha.verify(input.captchaId, input.captchaAnswer))) {
      throw new AppError('INVALID_CAPTCHA');
    }
    const key = accountKey(input.account);
    const account = await this.deps.throttle.attempt(side.scope, key, async (attempt) => {
      const found = await side.find(key);
      const passwordOk = found
        ? await this.deps.hasher.verify(found.password_hash, input.password)
        : await this.deps.hasher.verifyDummy(input.password);
      if (!found || !passwordOk) {
        await attempt.fail();
        throw new AppError('INVALID_CREDENTIALS');
      }
      await side.admit(found, attempt);
      await attempt.succeed();
      return found;
    });
    return { account, session: await side.openSession(account, meta) };
  }
}
