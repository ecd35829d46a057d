/**
 * The auth forms' client-side checks, built from the domain rules the server applies too. The inputs
 * have no maxLength: what is typed is kept, and a value past the API's limit is said to be too long.
 */
import { CAPTCHA_ANSWER_MAX, TYPED_CREDENTIAL_MAX } from '@tradehall/contracts/limits';
import {
  checkAccount,
  checkCaptcha,
  checkInvitationCode,
  checkLoginPassword,
  checkMaxLength,
  checkOptionalEmail,
  checkPasswordsMatch,
  checkVerificationCode,
} from '@tradehall/domain';
import { collectErrors, type FieldRuleErrors, requiredOnly } from '../../lib/form-errors.ts';
import { sameAppPath } from '../../lib/navigation.ts';

export interface LoginForm {
  account: string;
  password: string;
  captcha: string;
}

export function validateLogin(form: LoginForm): FieldRuleErrors<keyof LoginForm> {
  return collectErrors({
    account: requiredOnly(checkAccount(form.account)) ?? checkMaxLength(form.account, TYPED_CREDENTIAL_MAX),
    password:
      requiredOnly(checkLoginPassword(form.password)) ?? checkMaxLength(form.password, TYPED_CREDENTIAL_MAX),
    captcha: checkCaptcha(form.captcha) ?? checkMaxLength(form.captcha, CAPTCHA_ANSWER_MAX),
  });
}

export interface RegisterForm {
  account: string;
  password: string;
  confirm: string;
  invitationCode: string;
  email: string;
}

export function validateRegister(form: RegisterForm): FieldRuleErrors<keyof RegisterForm> {
  return collectErrors({
    account: checkAccount(form.account),
    password: checkLoginPassword(form.password),
    confirm: checkPasswordsMatch(form.password, form.confirm),
    invitationCode: checkInvitationCode(form.invitationCode),
    email: checkOptionalEmail(form.email),
  });
}

export interface ResetForm {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

export function validateResetAccount(account: string) {
  return requiredOnly(checkAccount(account)) ?? checkMaxLength(account, TYPED_CREDENTIAL_MAX);
}

export function validateReset(form: ResetForm): FieldRuleErrors<keyof ResetForm> {
  return collectErrors({
    account: validateResetAccount(form.account),
    code: checkVerificationCode(form.code.trim()),
    password: checkLoginPassword(form.password),
    confirm: checkPasswordsMatch(form.password, form.confirm),
  });
}

/** Only same-app paths are followed after login; anything else (or the login page itself) goes Home. */
export function safeRedirect(target: string | null): string {
  const path = sameAppPath(target);
  if (path === null || path.startsWith('/pages/login/')) return '/';
  return path;
}
