import { describe, expect, it } from 'vitest';
import { validateChangePassword, validatePaymentPassword } from './validation.ts';

describe('password form rules', () => {
  it('change login password: old required, new at least 6, the two entries must match', () => {
    expect(validateChangePassword({ oldPassword: '', newPassword: '', confirm: '' })).toEqual({
      oldPassword: 'validation.oldPasswordRequired',
      newPassword: 'validation.newPasswordRequired',
    });
    expect(
      validateChangePassword({ oldPassword: 'old', newPassword: '12345', confirm: '12345' }).newPassword,
    ).toBe('validation.passwordMinLength');
    expect(
      validateChangePassword({ oldPassword: 'old', newPassword: '123456', confirm: '123457' }).confirm,
    ).toBe('validation.passwordsDoNotMatch');
    expect(validateChangePassword({ oldPassword: 'old', newPassword: '123456', confirm: '123456' })).toEqual(
      {},
    );
  });

  it('says a password is too long instead of cutting it', () => {
    expect(
      validateChangePassword({ oldPassword: 'old', newPassword: 'x'.repeat(19), confirm: 'x'.repeat(19) })
        .newPassword,
    ).toBe('validation.passwordTooLong');
    expect(
      validateChangePassword({ oldPassword: 'x'.repeat(65), newPassword: '123456', confirm: '123456' }),
    ).toEqual({ oldPassword: 'validation.tooLong' });
    const form = { loginPassword: 'x'.repeat(65), paymentPassword: '123456', confirm: '123456' };
    expect(validatePaymentPassword(form, true)).toEqual({ loginPassword: 'validation.tooLong' });
  });

  it('payment password: 6 digits, confirmed; the login password only when changing one', () => {
    const form = { loginPassword: '', paymentPassword: '123456', confirm: '123456' };
    expect(validatePaymentPassword(form, false)).toEqual({});
    expect(validatePaymentPassword(form, true)).toEqual({ loginPassword: 'validation.passwordRequired' });
    expect(validatePaymentPassword({ ...form, paymentPassword: '12345a', confirm: '12345a' }, false)).toEqual(
      {
        paymentPassword: 'validation.paymentPasswordFormat',
      },
    );
    expect(validatePaymentPassword({ ...form, confirm: '654321' }, false)).toEqual({
      confirm: 'validation.passwordsDoNotMatch',
    });
  });
});
