import { describe, expect, it } from 'vitest';
import { messageKeys } from '../../test/form-schemas.ts';
import { changePasswordSchema, paymentPasswordSchema } from './forms.ts';

const change = (form: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
  messageKeys(changePasswordSchema, form);
const payment = (
  form: { loginPassword: string; paymentPassword: string; confirmPaymentPassword: string },
  needsLoginPassword: boolean,
) => messageKeys(paymentPasswordSchema(needsLoginPassword), form);

describe('password form rules', () => {
  it('change login password: old required, new at least 6, the two entries must match', () => {
    expect(change({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'validation.oldPasswordRequired',
      newPassword: 'validation.newPasswordRequired',
    });
    expect(change({ oldPassword: 'old', newPassword: '12345', confirmPassword: '12345' }).newPassword).toBe(
      'validation.passwordMinLength',
    );
    expect(
      change({ oldPassword: 'old', newPassword: '123456', confirmPassword: '123457' }).confirmPassword,
    ).toBe('validation.passwordsDoNotMatch');
    expect(change({ oldPassword: 'old', newPassword: '123456', confirmPassword: '123456' })).toEqual({});
  });

  it('says a password is too long instead of cutting it', () => {
    expect(
      change({ oldPassword: 'old', newPassword: 'x'.repeat(19), confirmPassword: 'x'.repeat(19) })
        .newPassword,
    ).toBe('validation.passwordTooLong');
    expect(change({ oldPassword: 'x'.repeat(65), newPassword: '123456', confirmPassword: '123456' })).toEqual(
      {
        oldPassword: 'validation.tooLong',
      },
    );
    const form = {
      loginPassword: 'x'.repeat(65),
      paymentPassword: '123456',
      confirmPaymentPassword: '123456',
    };
    expect(payment(form, true)).toEqual({ loginPassword: 'validation.tooLong' });
  });

  it('payment password: 6 digits, confirmed; the login password only when changing one', () => {
    const form = { loginPassword: '', paymentPassword: '123456', confirmPaymentPassword: '123456' };
    expect(payment(form, false)).toEqual({});
    expect(payment(form, true)).toEqual({ loginPassword: 'validation.passwordRequired' });
    expect(payment({ ...form, paymentPassword: '12345a', confirmPaymentPassword: '12345a' }, false)).toEqual({
      paymentPassword: 'validation.paymentPasswordFormat',
    });
    expect(payment({ ...form, confirmPaymentPassword: '654321' }, false)).toEqual({
      confirmPaymentPassword: 'validation.passwordsDoNotMatch',
    });
  });
});
