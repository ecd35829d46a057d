/**
 * The login form's checks. The login page is on the first screen, which has no room for zod and the
 * contract's schemas (about 30 KB gzip, decision 0019) nor for react-hook-form (decision 0022): its three
 * fields are checked here with the same domain rules and limits as the contract's login request schema,
 * and its request goes through the same submit pipeline as every other form (`useSubmission`).
 */
import { CAPTCHA_ANSWER_MAX, TYPED_CREDENTIAL_MAX } from '@tradehall/contracts/limits';
import {
  checkAccount,
  checkCaptcha,
  checkLoginPassword,
  checkMaxLength,
  type RuleResult,
} from '@tradehall/domain';
import { requiredOnly } from '../../lib/forms/messages.ts';

export interface LoginForm {
  account: string;
  password: string;
  captchaAnswer: string;
}

/** Each field's message key, null when it may go (an existing account or password: only "required"). */
export function loginFormRules(form: LoginForm): Record<keyof LoginForm, RuleResult> {
  return {
    account: requiredOnly(checkAccount(form.account)) ?? checkMaxLength(form.account, TYPED_CREDENTIAL_MAX),
    password:
      requiredOnly(checkLoginPassword(form.password)) ?? checkMaxLength(form.password, TYPED_CREDENTIAL_MAX),
    captchaAnswer: checkCaptcha(form.captchaAnswer) ?? checkMaxLength(form.captchaAnswer, CAPTCHA_ANSWER_MAX),
  };
}
