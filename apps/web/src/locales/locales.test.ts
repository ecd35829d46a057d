import { LOCALES, type Locale } from '@tradehall/domain';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import jp from './jp.json';
import kr from './kr.json';
import th from './th.json';
import vi from './vi.json';
import ydn from './ydn.json';
import zhCn from './zh-cn.json';
import zhHk from './zh-hk.json';

const catalogues: Record<Locale, object> = { 'zh-cn': zhCn, en, 'zh-hk': zhHk, jp, kr, vi, th, ydn };

const flatten = (value: object, prefix = ''): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) =>
      inner && typeof inner === 'object'
        ? Object.entries(flatten(inner, `${prefix}${key}.`))
        : [[`${prefix}${key}`, inner]],
    ),
  );

const placeholders = (text: unknown) =>
  typeof text === 'string' ? (text.match(/{{\w+}}/g) ?? []).sort() : [];

describe('app locale files', () => {
  const english = flatten(en);
  const englishKeys = Object.keys(english).sort();

  it('cover exactly the 8 spec locales', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('%s has exactly the English keys, none empty, same placeholders', (locale) => {
    const entries = flatten(catalogues[locale]);
    expect(Object.keys(entries).sort()).toEqual(englishKeys);
    for (const [key, value] of Object.entries(entries)) {
      expect(typeof value === 'string' && value.trim().length > 0, `${locale}:${key} is empty`).toBe(true);
      expect(placeholders(value), `${locale}:${key} placeholders`).toEqual(placeholders(english[key]));
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s is actually translated', (locale) => {
    // Brand names and the odd shared word may match English, but a real translation differs almost everywhere.
    const entries = flatten(catalogues[locale]);
    const same = englishKeys.filter((key) => entries[key] === english[key]);
    expect(same.length / englishKeys.length).toBeLessThan(0.05);
  });

  it('do not redefine the shared error and validation messages (they come from @tradehall/contracts)', () => {
    for (const locale of LOCALES) {
      expect(Object.keys(catalogues[locale])).not.toContain('errors');
      expect(Object.keys(catalogues[locale])).not.toContain('validation');
    }
  });
});
