/**
 * Field schemas built on the domain's rules, so a form and the API refuse exactly the same input. Each
 * failure carries the i18n key of its message (the server translates it; the web shows it via t()).
 */
import {
  ACCOUNT_MAX,
  checkAccount,
  checkCaptcha,
  checkLoginPassword,
  checkNewPassword,
  checkOptionalEmail,
  checkPaymentPassword,
  checkVerificationCode,
  NICKNAME_MAX,
  NO_CONTROL_CHARS,
  type RuleResult,
} from '@tradehall/domain';
import { z } from 'zod';

/** A string field checked by a domain rule; `maxLength` bounds the raw input before the rule runs. */
function ruled(rule: (value: string) => RuleResult, maxLength: number) {
  return z
    .string()
    .max(maxLength, { message: 'validation.tooLong' })
    .superRefine((value, ctx) => {
      const key = rule(value);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    });
}

export const accountField = ruled(checkAccount, ACCOUNT_MAX);
export const loginPasswordField = ruled(checkLoginPassword, 64);
export const newPasswordField = ruled(checkNewPassword, 64);
/** A password being checked, not set: anything non-empty (old passwords may predate today's rules). */
export const currentPasswordField = z
  .string()
  .max(64, { message: 'validation.tooLong' })
  .min(1, { message: 'validation.passwordRequired' });
export const captchaAnswerField = ruled(checkCaptcha, 16);
export const invitationCodeField = z
  .string()
  .max(32, { message: 'validation.tooLong' })
  .superRefine((value, ctx) => {
    if (value.trim() === '') ctx.addIssue({ code: 'custom', message: 'validation.invitationCodeRequired' });
  });
export const optionalEmailField = ruled(checkOptionalEmail, 254);
export const paymentPasswordField = ruled(checkPaymentPassword, 6);
export const verificationCodeField = ruled(checkVerificationCode, 6);
export const nicknameField = z
  .string()
  .trim()
  .min(1, { message: 'validation.nicknameLength' })
  .max(NICKNAME_MAX, { message: 'validation.nicknameLength' })
  .regex(NO_CONTROL_CHARS, { message: 'validation.controlCharacters' });
export const idField = z.uuid();
/** Unix seconds, the spec's wire convention for time. */
export const unixSeconds = z.number().int().nonnegative();
