import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setRealNameRequestSchema } from './accounts.ts';
import { registerRequestSchema } from './auth.ts';
import { createBankCardRequestSchema } from './bank-cards.ts';
import { isMultilineText, multilineTextField, textField, validText } from './common.ts';
import { createDepositRequestSchema } from './deposits.ts';
import { supportMessageRequestSchema } from './support.ts';

/** The i18n keys a schema answers for `value`, in order. */
const keysOf = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the text rule in the contracts', () => {
  const BAD = ['a\u0000b', 'lone \uD800', 'lone \uDFFF', 'bell\u0007', 'C1\u0085', 'nonchar\uFFFF'];

  it('a single-line text field refuses NUL, lone surrogates, control characters and line breaks', () => {
    const field = textField(64);
    for (const value of [...BAD, 'two\nlines', 'tab\there']) {
      expect(keysOf(field, value), JSON.stringify(value)).toEqual(['validation.controlCharacters']);
    }
    expect(keysOf(field, 'Li Wei 😀 山田')).toEqual([]);
    expect(keysOf(field, 'x'.repeat(65))).toEqual(['validation.tooLong']);
  });

  it('a multi-line field takes tabs and line breaks, nothing else, and is marked for the server', () => {
    const field = multilineTextField(100, 'validation.reasonRequired');
    expect(keysOf(field, 'first line\n\tsecond line\r\n')).toEqual([]);
    for (const value of BAD) {
      expect(keysOf(field, value), JSON.stringify(value)).toContain('validation.controlCharacters');
    }
    expect(keysOf(field, '   ')).toEqual(['validation.reasonRequired']);
    expect(isMultilineText(field)).toBe(true);
    expect(isMultilineText(textField(100))).toBe(false);
    expect(isMultilineText(validText(z.string()))).toBe(false);
    expect(isMultilineText(supportMessageRequestSchema.shape.text)).toBe(true);
  });

  it('is part of the request schemas the clients share', () => {
    const register = {
      account: 'new_user',
      password: 'secret123',
      confirmPassword: 'secret123',
      invitationCode: 'DEMO2026',
    };
    expect(keysOf(registerRequestSchema, register)).toEqual([]);
    expect(keysOf(registerRequestSchema, { ...register, confirmPassword: 'secret\u0000' })).toEqual([
      'validation.controlCharacters',
    ]);
    // 19 characters: too long, said as such.
    expect(keysOf(registerRequestSchema, { ...register, password: 'x'.repeat(19) })).toEqual([
      'validation.passwordTooLong',
    ]);
  });

  it('wants names of people and banks written in letters', () => {
    expect(keysOf(setRealNameRequestSchema, { realName: '😀' })).toEqual(['validation.nameLetters']);
    expect(keysOf(setRealNameRequestSchema, { realName: ' Li Wei ' })).toEqual([]);
    expect(setRealNameRequestSchema.parse({ realName: ' Li Wei ' })).toEqual({ realName: 'Li Wei' });
    const card = { bankName: 'HSBC', accountNumber: '6222021234567890', payee: 'Li Wei' };
    expect(keysOf(createBankCardRequestSchema, { ...card, bankName: '123' })).toEqual([
      'validation.nameLetters',
    ]);
    expect(keysOf(createBankCardRequestSchema, { ...card, payee: 'Li 😀' })).toEqual([
      'validation.nameLetters',
    ]);
    const deposit = { method: 'offline', amount: 2000, idempotencyKey: 'k'.repeat(16) };
    expect(keysOf(createDepositRequestSchema, { ...deposit, depositorName: '😀' })).toEqual([
      'validation.nameLetters',
    ]);
    expect(keysOf(createDepositRequestSchema, { ...deposit, depositorName: 'Nguyễn Văn A' })).toEqual([]);
  });
});
