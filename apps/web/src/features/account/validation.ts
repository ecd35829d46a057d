/**
 * The password forms' client-side checks, from the domain rules the server applies too. The inputs have
 * no maxLength: a password is never cut to fit, a long one is said to be too long.
 */
import { TYPED_CREDENTIAL_MAX } from '@tradehall/contracts/limits';
import {
  checkLoginPassword,
  checkMaxLength,
  checkNewPassword,
  checkPasswordsMatch,
  checkPaymentPassword,
} from '@tradehall/domain';
import { collectErrors, type FieldRuleErrors, requiredOnly } from '../../lib/form-errors.ts';

export interface ChangePasswordForm {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export function validateChangePassword(form: ChangePasswordForm): FieldRuleErrors<keyof ChangePasswordForm> {
  return collectErrors({
    // The old password is only checked against the stored one, so only "required" applies to it.
    oldPassword: requiredOnly(checkLoginPassword(form.oldPassword))
      ? 'validation.oldPasswordRequired'
      : checkMaxLength(form.oldPassword, TYPED_CREDENTIAL_MAX),
    newPassword: checkNewPassword(form.newPassword),
    confirm: checkPasswordsMatch(form.newPassword, form.confirm),
  });
}

export interface PaymentPasswordForm {
  loginPassword: string;
  paymentPassword: string;
  confirm: string;
}

export function validatePaymentPassword(
  form: PaymentPasswordForm,
  needsLoginPassword: boolean,
): FieldRuleErrors<keyof PaymentPasswordForm> {
  return collectErrors({
    loginPassword: needsLoginPassword
      ? (requiredOnly(checkLoginPassword(form.loginPassword)) ??
        checkMaxLength(form.loginPassword, TYPED_CREDENTIAL_MAX))
      : null,
    paymentPassword: checkPaymentPassword(form.paymentPassword),
    confirm: checkPasswordsMatch(form.paymentPassword, form.confirm),
  });
}
