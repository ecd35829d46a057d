/**
 * Registration and login. Rules and typed errors only; SQL lives in the repositories. The login itself
 * is the credential check operators share (credential-check.service.ts); only the user's side is here.
 */
import type { LoginRequest, LoginResponse, RegisterRequest, RegisterResponse } from '@tradehall/contracts';
import { checkPasswordsMatch, normalizeInvitationCode } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import { accountKey } from '../../platform/account-key.ts';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { ClientMeta } from '../../platform/http.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import {
  type AccountStore,
  USERS_EMAIL_KEY,
  USERS_INVITATION_CODE_KEY,
  USERS_USERNAME_KEY,
} from '../accounts/accounts.service.ts';
import type { PlayLimitsService } from '../play-limits/play-limits.service.ts';
import type { CredentialCheckService } from './credential-check.service.ts';
import { newInvitationCode } from './invitation-code.ts';
import type { SessionsService } from './sessions.service.ts';

export interface AuthServiceDeps {
  db: Kysely<DB>;
  accounts: AccountStore;
  sessions: SessionsService;
  credentials: CredentialCheckService;
  hasher: PasswordHasher;
  clock: Clock;
  playBreaks: Pick<PlayLimitsService, 'runningBreak'>;
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async register(input: RegisterRequest): Promise<RegisterResponse> {
    if (checkPasswordsMatch(input.password, input.confirmPassword))
      throw new AppError('PASSWORDS_DO_NOT_MATCH');
    const inviterId = await this.deps.accounts.findIdByInvitationCode(
      this.deps.db,
      normalizeInvitationCode(input.invitationCode),
    );
    if (!inviterId) throw new AppError('INVITATION_CODE_UNKNOWN');
    if (await this.deps.accounts.findByAccountKey(this.deps.db, accountKey(input.account)))
      throw new AppError('ACCOUNT_TAKEN');
    const email = input.email?.trim() ? input.email.trim() : null;
    if (email && (await this.deps.accounts.emailTaken(this.deps.db, email)))
      throw new AppError('EMAIL_TAKEN');

    const passwordHash = await this.deps.hasher.hash(input.password);
    const now = this.deps.clock.now();
    // A fresh invitation code collides rarely; the unique index decides, and we draw again.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        const user = await this.deps.db.transaction().execute((trx) =>
          this.deps.accounts.insert(trx, {
            username: input.account,
            password_hash: passwordHash,
            payment_password_hash: null,
            nickname: input.account,
            real_name: null,
            email,
            invitation_code: newInvitationCode(),
            inviter_id: inviterId,
            created_at: now,
            updated_at: now,
          }),
        );
        return { user: { id: user.id, username: user.username } };
      } catch (error) {
        // Someone registered the same name or email between our check and the insert.
        if (isUniqueViolation(error, USERS_USERNAME_KEY)) throw new AppError('ACCOUNT_TAKEN');
        if (isUniqueViolation(error, USERS_EMAIL_KEY)) throw new AppError('EMAIL_TAKEN');
        if (!isUniqueViolation(error, USERS_INVITATION_CODE_KEY)) throw error;
      }
    }
    throw new Error('could not draw a unique invitation code');
  }

  /**
   * The shared credential check on the users' lockout counter. The right password for a frozen account,
   * or one an operator sent to reset by email code, is neither a failure nor a success: refused with the
   * attempt released uncounted.
   */
  async login(input: LoginRequest, meta: ClientMeta): Promise<LoginResponse> {
    const { account: user, session } = await this.deps.credentials.login(input, meta, {
      scope: 'user',
      find: (key) => this.deps.accounts.findByAccountKey(this.deps.db, key),
      admit: async (found) => {
        if (found.status !== 'active') throw new AppError('ACCOUNT_FROZEN');
        if (found.password_reset_required) throw new AppError('PASSWORD_RESET_REQUIRED');
      },
      openSession: (found, clientMeta) => this.deps.sessions.create(found.id, clientMeta),
    });
    // Read after the session is open, i.e. once the password was proved: a break tells the right person
    // when play opens again, and nobody else learns the account exists.
    const playBreak = await this.deps.playBreaks.runningBreak(user.id);
    return { ...session, user: { id: user.id, username: user.username }, playBreak };
  }
}
