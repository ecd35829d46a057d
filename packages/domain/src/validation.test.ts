import { describe, expect, it } from 'vitest';
import {
  checkAccount,
  checkCaptcha,
  checkEmail,
  checkInvitationCode,
  checkLoginPassword,
  checkMaxLength,
  checkName,
  checkNewPassword,
  checkOptionalEmail,
  checkPasswordsMatch,
  checkPaymentPassword,
  checkPersonName,
  checkText,
  checkVerificationCode,
  isValidText,
  NO_CONTROL_CHARS,
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
    // Too long is said as such, never cut to 18 (the form would then store a password nobody typed).
    expect(checkLoginPassword('1'.repeat(19))).toBe('validation.passwordTooLong');
    expect(checkLoginPassword('abc\u0000def')).toBe('validation.passwordLength');
    expect(checkLoginPassword('123456')).toBeNull();
    expect(checkLoginPassword('x'.repeat(18))).toBeNull();
  });

  it('new password: required, then "at least 6"', () => {
    expect(checkNewPassword('')).toBe('validation.newPasswordRequired');
    expect(checkNewPassword('12345')).toBe('validation.passwordMinLength');
    expect(checkNewPassword('123456')).toBeNull();
    expect(checkNewPassword('x'.repeat(19))).toBe('validation.passwordTooLong');
    expect(checkNewPassword('abc\u0000def')).toBe('validation.passwordLength');
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

  it('text: refuses NUL, lone surrogates, other control characters and noncharacters', () => {
    const refused = [
      'a\u0000b',
      'lone high \uD800',
      'lone low \uDC00 first',
      '\uDBFF',
      'reversed pair \uDC00\uD800',
      'bell\u0007',
      'escape\u001B[31m',
      'delete\u007F',
      'C1 \u0085 next line',
      'C1 \u009F',
      'nonchar \uFFFE',
      'nonchar \uFFFF',
    ];
    for (const value of refused) {
      expect(checkText(value), JSON.stringify(value)).toBe('validation.controlCharacters');
      expect(checkText(value, { multiline: true }), JSON.stringify(value)).toBe(
        'validation.controlCharacters',
      );
      expect(NO_CONTROL_CHARS.test(value), JSON.stringify(value)).toBe(false);
    }
    const accepted = [
      '',
      'Li Wei',
      '山田太郎',
      'Nguyễn Văn A',
      'สมชาย',
      '😀 paired surrogates',
      'e\u0301',
      '\u202Ertl',
    ];
    for (const value of accepted) {
      expect(checkText(value), value).toBeNull();
      expect(isValidText(value, { multiline: true }), value).toBe(true);
      expect(NO_CONTROL_CHARS.test(value), value).toBe(true);
    }
  });

  it('text: tabs and line breaks only where a field is multi-line', () => {
    for (const value of ['two\nlines', 'a\ttab', 'windows\r\nline', 'separator\u2028here']) {
      expect(checkText(value), JSON.stringify(value)).toBe('validation.controlCharacters');
      expect(checkText(value, { multiline: true }), JSON.stringify(value)).toBeNull();
    }
  });

  it('too long is a message, not a cut', () => {
    expect(checkMaxLength('x'.repeat(16), 16)).toBeNull();
    expect(checkMaxLength('x'.repeat(17), 16)).toBe('validation.tooLong');
  });

  it('names of people and banks are written with letters', () => {
    const key = 'validation.realNameRequired' as const;
    expect(checkPersonName('  ', key)).toBe(key);
    expect(checkPersonName('😀', key)).toBe('validation.nameLetters');
    expect(checkPersonName('Li 😀', key)).toBe('validation.nameLetters');
    expect(checkPersonName('12345', key)).toBe('validation.nameLetters');
    expect(checkPersonName('---', key)).toBe('validation.nameLetters');
    expect(checkPersonName('Li\u0000Wei', key)).toBe('validation.controlCharacters');
    expect(checkPersonName('x'.repeat(65), key)).toBe('validation.tooLong');
    for (const name of [
      'Li Wei',
      "O'Brien",
      'Jean-Luc Picard',
      'J. Smith',
      '山田・太郎',
      '김철수',
      'Nguyễn Văn A',
    ]) {
      expect(checkPersonName(name, key), name).toBeNull();
    }
    expect(checkName('😀', 'validation.bankNameRequired')).toBe('validation.nameLetters');
    expect(checkName('123', 'validation.bankNameRequired')).toBe('validation.nameLetters');
    expect(checkName('Bank of China (HK) 1', 'validation.bankNameRequired')).toBeNull();
    expect(checkName('招商银行', 'validation.bankNameRequired')).toBeNull();
  });
});
