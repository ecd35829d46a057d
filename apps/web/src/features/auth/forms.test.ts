import { describe, expect, it } from 'vitest';
import { LOGIN_PATH, MY_ACCOUNT_PATH } from '../../lib/paths.ts';
import { messageKeys } from '../../test/form-schemas.ts';
import { checkResetAccount, registerSchema, resetPasswordSchema } from './forms.ts';
import { type LoginForm, loginFormRules } from './login-form.ts';
import { safeRedirect } from './safe-redirect.ts';

/** The login form's failing fields and their keys, as the page shows them. */
function login(form: LoginForm) {
  return Object.fromEntries(Object.entries(loginFormRules(form)).filter(([, key]) => key !== null));
}

describe('auth form rules', () => {
  it('login: account, password and image code are required', () => {
    expect(login({ account: ' ', password: '', captchaAnswer: '' })).toEqual({
      account: 'validation.accountRequired',
      password: 'validation.passwordRequired',
      captchaAnswer: 'validation.captchaRequired',
    });
    expect(login({ account: 'demo', password: 'x', captchaAnswer: 'ab12' })).toEqual({});
  });

  it('register: password 6-18, matching confirmation, invitation code required, optional email', () => {
    const valid = {
      account: 'new_user',
      password: 'secret1',
      confirmPassword: 'secret1',
      invitationCode: 'ab12cd34',
      email: '',
    };
    const register = (form: typeof valid) => messageKeys(registerSchema, form);
    expect(register(valid)).toEqual({});
    expect(register({ ...valid, password: '12345', confirmPassword: '12345' }).password).toBe(
      'validation.passwordLength',
    );
    // Too long is said, never cut to 18: the inputs have no maxLength.
    expect(register({ ...valid, password: 'x'.repeat(19), confirmPassword: 'x'.repeat(19) }).password).toBe(
      'validation.passwordTooLong',
    );
    expect(register({ ...valid, password: 'ab\u0000cdef', confirmPassword: 'ab\u0000cdef' }).password).toBe(
      'validation.passwordLength',
    );
    expect(register({ ...valid, confirmPassword: 'secret2' }).confirmPassword).toBe(
      'validation.passwordsDoNotMatch',
    );
    expect(register({ ...valid, invitationCode: '  ' }).invitationCode).toBe(
      'validation.invitationCodeRequired',
    );
    expect(register({ ...valid, email: 'not-an-email' }).email).toBe('validation.emailFormat');
    expect(register({ ...valid, email: 'me@example.com' })).toEqual({});
  });

  it('login and reset: nothing is cut, a value past the API limit is too long', () => {
    expect(login({ account: 'demo', password: 'secret1', captchaAnswer: 'x'.repeat(17) })).toEqual({
      captchaAnswer: 'validation.tooLong',
    });
    expect(login({ account: 'a'.repeat(65), password: 'p'.repeat(65), captchaAnswer: 'ab3d' })).toEqual({
      account: 'validation.tooLong',
      password: 'validation.tooLong',
    });
    expect(checkResetAccount('a'.repeat(65))).toBe('validation.tooLong');
    expect(checkResetAccount('demo')).toBeNull();
  });

  it('reset: 6-digit code, new password rules, matching confirmation', () => {
    const valid = { account: 'demo', code: '123456', password: 'secret1', confirmPassword: 'secret1' };
    const reset = (form: typeof valid) => messageKeys(resetPasswordSchema, form);
    expect(reset(valid)).toEqual({});
    expect(reset({ ...valid, code: '12345' }).code).toBe('validation.verificationCodeFormat');
    expect(reset({ ...valid, account: '' }).account).toBe('validation.accountRequired');
    expect(reset({ ...valid, confirmPassword: '' }).confirmPassword).toBe('validation.passwordsDoNotMatch');
  });

  it('after login only follows same-app paths', () => {
    expect(safeRedirect(`${MY_ACCOUNT_PATH}?x=1`)).toBe(`${MY_ACCOUNT_PATH}?x=1`);
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect(LOGIN_PATH)).toBe('/');
  });
});
