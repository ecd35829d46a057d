/**
 * The password forms' schemas: the domain rules the server applies too, then the contract's request
 * schema. The inputs have no maxLength: a password is never cut to fit, a long one is said to be too long.
 */
import { changePasswordRequestSchema, paymentPasswordRequestSchema } from '@tradehall/contracts';
import { TYPED_CREDENTIAL_MAX } from '@tradehall/contracts/limits';
import {
  checkLoginPassword,
  checkMaxLength,
  checkNewPassword,
  checkPasswordsMatch,
  checkPaymentPassword,
} from '@tradehall/domain';
import { z } from 'zod';
import { addRuleIssue, requiredOnly } from '../../lib/forms/messages.ts';

export const changePasswordSchema = z
  .object({ oldPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((form, ctx) => {
    // The old password is only checked against the stored one, so only "required" applies to it.
    addRuleIssue(
      ctx,
      requiredOnly(checkLoginPassword(form.oldPassword))
        ? 'validation.oldPasswordRequired'
        : checkMaxLength(form.oldPassword, TYPED_CREDENTIAL_MAX),
      ['oldPassword'],
    );
    addRuleIssue(ctx, checkNewPassword(form.newPassword), ['newPassword']);
    addRuleIssue(ctx, checkPasswordsMatch(form.newPassword, form.confirmPassword), ['confirmPassword']);
  })
  .pipe(changePasswordRequestSchema);

/** Setting the first payment password needs nothing more; changing one needs the login password. */
export function paymentPasswordSchema(needsLoginPassword: boolean) {
  return z
    .object({ loginPassword: z.string(), paymentPassword: z.string(), confirmPaymentPassword: z.string() })
    .superRefine((form, ctx) => {
      if (needsLoginPassword) {
        addRuleIssue(
          ctx,
          requiredOnly(checkLoginPassword(form.loginPassword)) ??
            checkMaxLength(form.loginPassword, TYPED_CREDENTIAL_MAX),
          ['loginPassword'],
        );
      }
      addRuleIssue(ctx, checkPaymentPassword(form.paymentPassword), ['paymentPassword']);
      addRuleIssue(ctx, checkPasswordsMatch(form.paymentPassword, form.confirmPaymentPassword), [
        'confirmPaymentPassword',
      ]);
    })
    .transform(
      ({ loginPassword, ...rest }): z.input<typeof paymentPasswordRequestSchema> =>
        needsLoginPassword ? { loginPassword, ...rest } : rest,
    )
    .pipe(paymentPasswordRequestSchema);
}
