import { describe, expect, it } from 'vitest';
import { LOCALES, resolveLocale } from './locales.ts';

describe('resolveLocale', () => {
  it('knows the spec codes exactly', () => {
    for (const code of LOCALES) expect(resolveLocale(code)).toBe(code);
  });

  it('maps the tags a browser sends, by preference order', () => {
    expect(resolveLocale('ja-JP,ja;q=0.9')).toBe('jp');
    expect(resolveLocale('ko')).toBe('kr');
    expect(resolveLocale('id-ID')).toBe('ydn');
    expect(resolveLocale('zh-TW')).toBe('zh-hk');
    expect(resolveLocale('zh-CN,en;q=0.5')).toBe('zh-cn');
    expect(resolveLocale('fr-FR, th;q=0.8')).toBe('th');
  });

  it('falls back to English', () => {
    expect(resolveLocale(undefined)).toBe('en');
    expect(resolveLocale('')).toBe('en');
    expect(resolveLocale('de-DE')).toBe('en');
  });
});
