/**
 * Wires repositories into services. Used by main.ts and by the test harness, so both run exactly the
 * same composition; only the platform parts (database, clock, mailer...) differ.
 */
import { AccountsRepository } from './modules/accounts/accounts.repository.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { createOperatorGuard, type OperatorGuard } from './modules/admin-auth/admin-auth.guard.ts';
import { AdminAuthRepository } from './modules/admin-auth/admin-auth.repository.ts';
import { AdminAuthService } from './modules/admin-auth/admin-auth.service.ts';
import { AppService } from './modules/app/app.service.ts';
import { createUserGuard, type UserGuard } from './modules/auth/auth.guard.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { CaptchaRepository } from './modules/auth/captcha.repository.ts';
import { CaptchaService } from './modules/auth/captcha.service.ts';
import { LoginThrottleRepository } from './modules/auth/login-throttle.repository.ts';
import { LoginThrottleService } from './modules/auth/login-throttle.service.ts';
import { PasswordResetRepository } from './modules/auth/password-reset.repository.ts';
import { PasswordResetService } from './modules/auth/password-reset.service.ts';
import { SessionsRepository } from './modules/auth/sessions.repository.ts';
import { SessionsService } from './modules/auth/sessions.service.ts';
import type { Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import type { Logger } from './platform/logger.ts';
import type { Mailer } from './platform/mailer.ts';
import type { PasswordHasher } from './platform/password-hasher.ts';

export interface Platform {
  config: Config;
  database: Database;
  clock: Clock;
  hasher: PasswordHasher;
  mailer: Mailer;
  logger: Logger;
}

export interface Services {
  app: AppService;
  captcha: CaptchaService;
  sessions: SessionsService;
  auth: AuthService;
  passwordReset: PasswordResetService;
  accounts: AccountsService;
  adminAuth: AdminAuthService;
  userGuard: UserGuard;
  operatorGuard: OperatorGuard;
}

export function createServices(platform: Platform): Services {
  const { config, database, clock, hasher, mailer, logger } = platform;
  const db = database.kysely;

  const accountsRepository = new AccountsRepository(db);
  const sessionsRepository = new SessionsRepository(db);
  const captcha = new CaptchaService(new CaptchaRepository(db), clock, config.auth.captchaTtlSeconds);
  const throttle = new LoginThrottleService(new LoginThrottleRepository(db), clock, {
    failuresBeforeLock: config.auth.loginFailuresBeforeLock,
    windowSeconds: config.auth.loginFailureWindowSeconds,
    lockSeconds: config.auth.loginLockSeconds,
  });
  const sessions = new SessionsService(sessionsRepository, clock, config.auth.sessionTtlSeconds);
  const adminAuth = new AdminAuthService(
    new AdminAuthRepository(db),
    captcha,
    throttle,
    hasher,
    clock,
    config.auth.sessionTtlSeconds,
  );

  return {
    app: new AppService(database, clock, logger),
    captcha,
    sessions,
    auth: new AuthService(accountsRepository, sessions, captcha, throttle, hasher, clock),
    passwordReset: new PasswordResetService(
      new PasswordResetRepository(db),
      accountsRepository,
      sessionsRepository,
      hasher,
      mailer,
      clock,
    ),
    accounts: new AccountsService(accountsRepository, sessions, hasher, clock),
    adminAuth,
    userGuard: createUserGuard(sessions),
    operatorGuard: createOperatorGuard(adminAuth, sessions),
  };
}
