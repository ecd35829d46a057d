import { describe, expect, it } from 'vitest';
import {
  checkAccount,
  checkCaptcha,
  checkEmail,
  checkInvitationCode,
  checkLoginPassword,
  checkNewPassword,
  checkOptionalEmail,
  checkPasswordsMatch,
  checkPaymentPassword,
  checkVerificationCode,
  normalizeInvitationCode,
} from './validation.ts';

describe('field rules', () => {
  it('account: required, 4-32 of letters, digits, underscore', () => {
    expect(checkAccount('')).toBe('validation.accountRequired');
    expect(checkAccount('   ')).toBe('validation.accountRequired');
    expect(checkAccount('abc')).toBe('validation.accountFormat');
    expect(checkAccount('a'.repeat(33))).toBe('validation.accountFormat');
    expect(checkAccount('bad name')).toBe('validation.accountFormat');
    expect(checkAccount('alice_01')).toBeNull();
  });

  it('login password: required, 6-18, no control characters', () => {
    expect(checkLoginPassword('')).toBe('validation.passwordRequired');
    expect(checkLoginPassword('12345')).toBe('validation.passwordLength');
    expect(checkLoginPassword('1'.repeat(19))).toBe('validation.passwordLength');
    expect(checkLoginPassword('abc\u0000def')).toBe('validation.passwordLength');
    expect(checkLoginPassword('123456')).toBeNull();
    expect(checkLoginPassword('x'.repeat(18))).toBeNull();
  });

  it('new password: required, then "at least 6"', () => {
    expect(checkNewPassword('')).toBe('validation.newPasswordRequired');
    expect(checkNewPassword('12345')).toBe('validation.passwordMinLength');
    expect(checkNewPassword('123456')).toBeNull();
  });

  it('the two entries must match', () => {
    expect(checkPasswordsMatch('abcdef', 'abcdeg')).toBe('validation.passwordsDoNotMatch');
    expect(checkPasswordsMatch('abcdef', 'abcdef')).toBeNull();
  });

  it('captcha and invitation code are required', () => {
    expect(checkCaptcha(' ')).toBe('validation.captchaRequired');
    expect(checkCaptcha('ab3d')).toBeNull();
    expect(checkInvitationCode('')).toBe('validation.invitationCodeRequired');
    expect(checkInvitationCode('abc')).toBe('validation.invitationCodeFormat');
    expect(checkInvitationCode(' demo2026 ')).toBeNull();
    expect(normalizeInvitationCode(' demo2026 ')).toBe('DEMO2026');
  });

  it('email: optional on register, well-formed when given', () => {
    expect(checkOptionalEmail('')).toBeNull();
    expect(checkOptionalEmail('nope')).toBe('validation.emailFormat');
    expect(checkEmail('')).toBe('validation.emailRequired');
    expect(checkEmail('a@b.co')).toBeNull();
  });

  it('payment password and verification code are exactly 6 digits', () => {
    for (const bad of ['', '12345', '1234567', '12345a', '１２３４５６']) {
      expect(checkPaymentPassword(bad)).toBe('validation.paymentPasswordFormat');
      expect(checkVerificationCode(bad)).toBe('validation.verificationCodeFormat');
    }
    expect(checkPaymentPassword('012345')).toBeNull();
    expect(checkVerificationCode('999999')).toBeNull();
  });
});
