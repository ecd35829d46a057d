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
  'validation.passwordTooLong',
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
  'validation.nameLetters',
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

/**
 * Well-formed, printable single-line text: no control characters (C0, DEL, C1), no lone surrogate (half
 * of a UTF-16 pair, which no encoding can store), no noncharacter and no line or paragraph separator.
 * With the `u` flag a lone surrogate is its own code point of category Cs, so the class catches it.
 */
export const NO_CONTROL_CHARS = /^[^\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}]*$/u;
/** A character single-line text may not hold (see NO_CONTROL_CHARS). */
const SINGLE_LINE_REFUSED = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}]/u;
/** Multi-line text (a message, a notification body) may also hold tabs and line breaks, nothing else. */
const MULTILINE_REFUSED = /(?![\t\n\r])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u;
const HAS_LETTER = /\p{L}/u;
/** What a person's name is written with besides letters: combining marks, spaces, . ' ’ - · ・ , */
const PERSON_NAME_PATTERN = /^[\p{L}\p{M} .'\u2019\-\u00B7\u30FB,]+$/u;
/** Names of people and banks: at most this many characters once trimmed. */
export const NAME_MAX = 64;

export interface TextOptions {
  /** Whether tabs and line breaks are part of the value (a message body); default false. */
  multiline?: boolean;
}

/** Whether `value` is text a person could have typed: well-formed and printable (see NO_CONTROL_CHARS). */
export function isValidText(value: string, options: TextOptions = {}): boolean {
  return !(options.multiline ? MULTILINE_REFUSED : SINGLE_LINE_REFUSED).test(value);
}

/** The text rule every string the API accepts obeys; the server applies it to each one at the edge. */
export function checkText(value: string, options: TextOptions = {}): RuleResult {
  return isValidText(value, options) ? null : 'validation.controlCharacters';
}

/** At most `max` characters, said plainly rather than cut off. */
export function checkMaxLength(value: string, max: number): RuleResult {
  return value.length > max ? 'validation.tooLong' : null;
}

/**
 * A name (a bank, a receiving account's payee): required, at most `max` characters once trimmed, valid
 * text, and written with letters ("😀" or "123" is not a name).
 */
export function checkName(value: string, requiredKey: ValidationKey, max = NAME_MAX): RuleResult {
  const text = value.trim();
  if (text === '') return requiredKey;
  if (text.length > max) return 'validation.tooLong';
  if (!NO_CONTROL_CHARS.test(text)) return 'validation.controlCharacters';
  return HAS_LETTER.test(text) ? null : 'validation.nameLetters';
}

/**
 * A person's name (real name, depositor, payee): a name as above made of letters, combining marks,
 * spaces and the punctuation names are written with (O'Brien, Jean-Luc, J. Smith, 山田・太郎).
 */
export function checkPersonName(value: string, requiredKey: ValidationKey, max = NAME_MAX): RuleResult {
  const rule = checkName(value, requiredKey, max);
  if (rule) return rule;
  return PERSON_NAME_PATTERN.test(value.trim()) ? null : 'validation.nameLetters';
}
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

/**
 * Login password: required, 6–18 characters, no control characters. Too long is said as such: a form
 * must never cut a password to fit, or the one the user typed would not work at login.
 */
export function checkLoginPassword(value: string): RuleResult {
  if (value === '') return 'validation.passwordRequired';
  if (value.length > LOGIN_PASSWORD_MAX) return 'validation.passwordTooLong';
  if (value.length < LOGIN_PASSWORD_MIN || !NO_CONTROL_CHARS.test(value)) return 'validation.passwordLength';
  return null;
}

/** A new password on the change form: required, at least 6 ("Password should be at least 6 digits"). */
export function checkNewPassword(value: string): RuleResult {
  if (value === '') return 'validation.newPasswordRequired';
  if (value.length < LOGIN_PASSWORD_MIN) return 'validation.passwordMinLength';
  if (value.length > LOGIN_PASSWORD_MAX) return 'validation.passwordTooLong';
  if (!NO_CONTROL_CHARS.test(value)) return 'validation.passwordLength';
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
