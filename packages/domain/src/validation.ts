/**
 * Field rules shared by the web forms and the server's contract schemas. Each returns the i18n key of the
 * message to show, or null when the value is acceptable, so the UI and the API say the same thing.
 */
import {
  ACCOUNT_MAX,
  ACCOUNT_MIN,
  EMAIL_MAX,
  INVITATION_CODE_LENGTH,
  LOGIN_PASSWORD_MAX,
  LOGIN_PASSWORD_MIN,
  PAYMENT_PASSWORD_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from './constants.ts';

export type RuleResult = ValidationKey | null;

export const VALIDATION_KEYS = [
  'validation.accountRequired',
  'validation.accountFormat',
  'validation.passwordRequired',
  'validation.passwordLength',
  'validation.passwordMinLength',
  'validation.passwordsDoNotMatch',
  'validation.oldPasswordRequired',
  'validation.newPasswordRequired',
  'validation.captchaRequired',
  'validation.invitationCodeRequired',
  'validation.invitationCodeFormat',
  'validation.emailFormat',
  'validation.emailRequired',
  'validation.paymentPasswordFormat',
  'validation.verificationCodeFormat',
  'validation.nicknameLength',
  'validation.tooLong',
  'validation.controlCharacters',
  'validation.nothingToChange',
  'validation.rechargeAmountRequired',
  'validation.withdrawAmountRequired',
  'validation.amountInvalid',
  'validation.amountCents',
  'validation.amountPositive',
  'validation.depositorNameRequired',
  'validation.realNameRequired',
  'validation.bankNameRequired',
  'validation.accountNumberRequired',
  'validation.accountNumberFormat',
  'validation.payeeRequired',
  'validation.walletTypeRequired',
  'validation.walletAddressRequired',
  'validation.walletAddressInvalid',
  'validation.withdrawMethodRequired',
  'validation.paymentPasswordRequired',
  'validation.txHashRequired',
  'validation.txHashInvalid',
  'validation.networkRequired',
  'validation.reasonRequired',
  'validation.paymentReferenceRequired',
  'validation.idempotencyKey',
  'validation.betTypeInvalid',
  'validation.specialNumberRange',
  'validation.investmentAmountRequired',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** Printable characters only: no control characters (C0, DEL, C1) anywhere in user-entered text. */
export const NO_CONTROL_CHARS = /^[^\p{Cc}]*$/u;
const ACCOUNT_PATTERN = /^[A-Za-z0-9_]+$/;
const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const INVITATION_CODE_PATTERN = new RegExp(`^[A-Z0-9]{${INVITATION_CODE_LENGTH}}$`);
const PAYMENT_PASSWORD_PATTERN = new RegExp(`^\\d{${PAYMENT_PASSWORD_LENGTH}}$`);
const VERIFICATION_CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

export function checkAccount(value: string): RuleResult {
  if (value.trim() === '') return 'validation.accountRequired';
  if (value.length < ACCOUNT_MIN || value.length > ACCOUNT_MAX || !ACCOUNT_PATTERN.test(value)) {
    return 'validation.accountFormat';
  }
  return null;
}

/** Login password: required, 6–18 characters, no control characters. */
export function checkLoginPassword(value: string): RuleResult {
  if (value === '') return 'validation.passwordRequired';
  if (
    value.length < LOGIN_PASSWORD_MIN ||
    value.length > LOGIN_PASSWORD_MAX ||
    !NO_CONTROL_CHARS.test(value)
  ) {
    return 'validation.passwordLength';
  }
  return null;
}

/** A new password on the change form: required, at least 6 ("Password should be at least 6 digits"). */
export function checkNewPassword(value: string): RuleResult {
  if (value === '') return 'validation.newPasswordRequired';
  if (value.length < LOGIN_PASSWORD_MIN) return 'validation.passwordMinLength';
  if (value.length > LOGIN_PASSWORD_MAX || !NO_CONTROL_CHARS.test(value)) return 'validation.passwordLength';
  return null;
}

export function checkPasswordsMatch(password: string, confirmation: string): RuleResult {
  return password === confirmation ? null : 'validation.passwordsDoNotMatch';
}

export function checkCaptcha(value: string): RuleResult {
  return value.trim() === '' ? 'validation.captchaRequired' : null;
}

export function normalizeInvitationCode(value: string): string {
  return value.trim().toUpperCase();
}

export function checkInvitationCode(value: string): RuleResult {
  const code = normalizeInvitationCode(value);
  if (code === '') return 'validation.invitationCodeRequired';
  if (!INVITATION_CODE_PATTERN.test(code)) return 'validation.invitationCodeFormat';
  return null;
}

/** Optional email: empty is fine, anything else must look like an address. */
export function checkOptionalEmail(value: string): RuleResult {
  if (value.trim() === '') return null;
  return checkEmail(value);
}

export function checkEmail(value: string): RuleResult {
  if (value.trim() === '') return 'validation.emailRequired';
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value.trim()) ? null : 'validation.emailFormat';
}

export function checkPaymentPassword(value: string): RuleResult {
  return PAYMENT_PASSWORD_PATTERN.test(value) ? null : 'validation.paymentPasswordFormat';
}

export function checkVerificationCode(value: string): RuleResult {
  return VERIFICATION_CODE_PATTERN.test(value) ? null : 'validation.verificationCodeFormat';
}
