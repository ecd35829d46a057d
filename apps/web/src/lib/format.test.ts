import { describe, expect, it } from 'vitest';
import { formatAxisTime, formatCents, formatRelativeTime, formatTime } from './format.ts';
import { changeLocale, i18n, initI18n } from './i18n.ts';

describe('display formatting (spec §9)', () => {
  it('formats unix seconds as yyyy.MM.dd HH:mm:ss in local time', () => {
    const seconds = new Date(2024, 0, 5, 14, 3, 9).getTime() / 1000;
    expect(formatTime(seconds)).toBe('2024.01.05 14:03:09');
  });

  it('labels chart time axes in the same 24-hour format, the date over the time, whatever the language', async () => {
    const seconds = new Date(2026, 10, 23, 14, 40, 0).getTime() / 1000;
    for (const locale of ['en', 'th', 'zh-cn'] as const) {
      await initI18n(locale);
      expect(formatAxisTime(seconds)).toBe('2026.11.23\n14:40:00');
    }
  });

  it('says "just now" in the current language under 5 minutes, the date after', async () => {
    await initI18n('en');
    const now = new Date(2024, 5, 1, 12, 0, 0).getTime() / 1000;
    expect(formatRelativeTime(now - 299, i18n.t, now)).toBe('just now');
    expect(formatRelativeTime(now - 300, i18n.t, now)).toBe('2024.06.01 11:55:00');
    await changeLocale('zh-cn', { persist: false });
    expect(formatRelativeTime(now - 10, i18n.t, now)).toBe('刚刚');
    await changeLocale('en', { persist: false });
  });

  it('shows cents as dollars with the $ sign', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-5)).toBe('-$0.05');
  });
});
