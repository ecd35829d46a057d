import { describe, expect, it } from 'vitest';
import {
  safeRedirect,
  validateLogin,
  validateRegister,
  validateReset,
  validateResetAccount,
} from './validation.ts';

describe('auth form rules', () => {
  it('login: account, password and image code are required', () => {
    expect(validateLogin({ account: ' ', password: '', captcha: '' })).toEqual({
      account: 'validation.accountRequired',
      password: 'validation.passwordRequired',
      captcha: 'validation.captchaRequired',
    });
    expect(validateLogin({ account: 'demo', password: 'x', captcha: 'ab12' })).toEqual({});
  });

  it('register: password 6-18, matching confirmation, invitation code required, optional email', () => {
    const valid = {
      account: 'new_user',
      password: 'secret1',
      confirm: 'secret1',
      invitationCode: 'ab12cd34',
      email: '',
    };
    expect(validateRegister(valid)).toEqual({});
    expect(validateRegister({ ...valid, password: '12345', confirm: '12345' }).password).toBe(
      'validation.passwordLength',
    );
    // Too long is said, never cut to 18: the inputs have no maxLength.
    expect(validateRegister({ ...valid, password: 'x'.repeat(19), confirm: 'x'.repeat(19) }).password).toBe(
      'validation.passwordTooLong',
    );
    expect(validateRegister({ ...valid, password: 'ab\u0000cdef', confirm: 'ab\u0000cdef' }).password).toBe(
      'validation.passwordLength',
    );
    expect(validateRegister({ ...valid, confirm: 'secret2' }).confirm).toBe('validation.passwordsDoNotMatch');
    expect(validateRegister({ ...valid, invitationCode: '  ' }).invitationCode).toBe(
      'validation.invitationCodeRequired',
    );
    expect(validateRegister({ ...valid, email: 'not-an-email' }).email).toBe('validation.emailFormat');
    expect(validateRegister({ ...valid, email: 'me@example.com' })).toEqual({});
  });

  it('login and reset: nothing is cut, a value past the API limit is too long', () => {
    expect(validateLogin({ account: 'demo', password: 'secret1', captcha: 'x'.repeat(17) })).toEqual({
      captcha: 'validation.tooLong',
    });
    expect(validateLogin({ account: 'a'.repeat(65), password: 'p'.repeat(65), captcha: 'ab3d' })).toEqual({
      account: 'validation.tooLong',
      password: 'validation.tooLong',
    });
    expect(validateResetAccount('a'.repeat(65))).toBe('validation.tooLong');
    expect(validateResetAccount('demo')).toBeNull();
  });

  it('reset: 6-digit code, new password rules, matching confirmation', () => {
    const valid = { account: 'demo', code: '123456', password: 'secret1', confirm: 'secret1' };
    expect(validateReset(valid)).toEqual({});
    expect(validateReset({ ...valid, code: '12345' }).code).toBe('validation.verificationCodeFormat');
    expect(validateReset({ ...valid, account: '' }).account).toBe('validation.accountRequired');
    expect(validateReset({ ...valid, confirm: '' }).confirm).toBe('validation.passwordsDoNotMatch');
  });

  it('after login only follows same-app paths', () => {
    expect(safeRedirect('/pages/mine/index?x=1')).toBe('/pages/mine/index?x=1');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/pages/login/index')).toBe('/');
  });
});
