/**
 * The register and reset-password forms' schemas: the domain rules the server applies too, then the
 * contract's request schema. The inputs have no maxLength: what is typed is kept, and a value past the
 * API's limit is said to be too long.
 */
import { passwordResetRequestSchema, registerRequestSchema } from '@tradehall/contracts';
import { TYPED_CREDENTIAL_MAX } from '@tradehall/contracts/limits';
import {
  checkAccount,
  checkInvitationCode,
  checkLoginPassword,
  checkMaxLength,
  checkOptionalEmail,
  checkPasswordsMatch,
  checkVerificationCode,
  normalizeInvitationCode,
} from '@tradehall/domain';
import { z } from 'zod';
import { addRuleIssue, requiredOnly } from '../../lib/forms/messages.ts';

export const registerSchema = z
  .object({
    account: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    invitationCode: z.string(),
    email: z.string(),
  })
  .superRefine((form, ctx) => {
    addRuleIssue(ctx, checkAccount(form.account), ['account']);
    addRuleIssue(ctx, checkLoginPassword(form.password), ['password']);
    addRuleIssue(ctx, checkPasswordsMatch(form.password, form.confirmPassword), ['confirmPassword']);
    addRuleIssue(ctx, checkInvitationCode(form.invitationCode), ['invitationCode']);
    addRuleIssue(ctx, checkOptionalEmail(form.email), ['email']);
  })
  .transform(({ email, ...form }): z.input<typeof registerRequestSchema> => {
    const address = email.trim();
    return {
      ...form,
      invitationCode: normalizeInvitationCode(form.invitationCode),
      ...(address === '' ? {} : { email: address }),
    };
  })
  .pipe(registerRequestSchema);

/** The account a reset code is asked for (alone, by the send-code button) or a password reset for. */
export function checkResetAccount(account: string) {
  return requiredOnly(checkAccount(account)) ?? checkMaxLength(account, TYPED_CREDENTIAL_MAX);
}

export const resetPasswordSchema = z
  .object({ account: z.string(), code: z.string(), password: z.string(), confirmPassword: z.string() })
  .superRefine((form, ctx) => {
    addRuleIssue(ctx, checkResetAccount(form.account), ['account']);
    addRuleIssue(ctx, checkVerificationCode(form.code.trim()), ['code']);
    addRuleIssue(ctx, checkLoginPassword(form.password), ['password']);
    addRuleIssue(ctx, checkPasswordsMatch(form.password, form.confirmPassword), ['confirmPassword']);
  })
  .transform((form) => ({ ...form, account: form.account.trim(), code: form.code.trim() }))
  .pipe(passwordResetRequestSchema);
