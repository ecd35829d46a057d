import { LOCALES, VALIDATION_KEYS } from '@tradehall/domain';
import { describe, expect, it } from 'vitest';
import { errorCodeList, errorMessageKey } from './errors.ts';
import { GENERIC_VALIDATION_KEYS } from './generic-validation.ts';
import { SHARED_MESSAGES, translateShared } from './messages.ts';

const flatten = (value: object, prefix = ''): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) =>
      inner && typeof inner === 'object'
        ? Object.entries(flatten(inner, `${prefix}${key}.`))
        : [[`${prefix}${key}`, inner]],
    ),
  );

describe('shared message catalogue', () => {
  const english = Object.keys(flatten(SHARED_MESSAGES.en)).sort();

  it.each(LOCALES)('%s has exactly the English keys, none empty', (locale) => {
    const entries = flatten(SHARED_MESSAGES[locale]);
    expect(Object.keys(entries).sort()).toEqual(english);
    for (const [key, value] of Object.entries(entries)) {
      expect(typeof value === 'string' && value.trim().length > 0, `${locale}:${key}`).toBe(true);
    }
  });

  it('has a message for every error code and every validation key', () => {
    for (const code of errorCodeList) expect(english).toContain(errorMessageKey(code));
    for (const key of VALIDATION_KEYS) expect(english).toContain(key);
    for (const key of Object.values(GENERIC_VALIDATION_KEYS)) expect(english).toContain(key);
  });

  it('translates and falls back to English, then to the key', () => {
    expect(translateShared('en', 'errors.INVALID_CAPTCHA')).toBe('Incorrect captcha');
    expect(translateShared('jp', 'errors.NO_SUCH_CODE')).toBe('errors.NO_SUCH_CODE');
  });
});
