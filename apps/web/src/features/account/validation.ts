/** The password forms' client-side checks, from the domain rules the server applies too. */
import {
  checkLoginPassword,
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
    oldPassword: requiredOnly(checkLoginPassword(form.oldPassword)) ? 'validation.oldPasswordRequired' : null,
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
    loginPassword: needsLoginPassword ? requiredOnly(checkLoginPassword(form.loginPassword)) : null,
    paymentPassword: checkPaymentPassword(form.paymentPassword),
    confirm: checkPasswordsMatch(form.paymentPassword, form.confirm),
  });
}
