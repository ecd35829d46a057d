/** The spec's 8 locale codes (spec §9), in the order the language page lists them. Fallback: English. */
export const LOCALES = ['zh-cn', 'en', 'zh-hk', 'jp', 'kr', 'vi', 'th', 'ydn'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** BCP 47 tags used for Intl formatting and for antd-mobile's own locale. */
export const LOCALE_BCP47: Record<Locale, string> = {
  'zh-cn': 'zh-CN',
  en: 'en-US',
  'zh-hk': 'zh-HK',
  jp: 'ja-JP',
  kr: 'ko-KR',
  vi: 'vi-VN',
  th: 'th-TH',
  ydn: 'id-ID',
};

/**
 * Picks the best of our locales for an Accept-Language header or a stored value: exact code first, then
 * the standard tag a browser would send (ja, ko, id, zh-TW...), else English.
 */
export function resolveLocale(header: string | null | undefined): Locale {
  if (!header) return FALLBACK_LOCALE;
  const candidates = header
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
    .filter((tag) => tag.length > 0);
  for (const tag of candidates) {
    if (isLocale(tag)) return tag;
    const mapped = STANDARD_TAGS[tag] ?? STANDARD_TAGS[tag.split('-')[0] ?? ''];
    if (mapped) return mapped;
  }
  return FALLBACK_LOCALE;
}

const STANDARD_TAGS: Record<string, Locale> = {
  zh: 'zh-cn',
  'zh-hans': 'zh-cn',
  'zh-sg': 'zh-cn',
  'zh-tw': 'zh-hk',
  'zh-hant': 'zh-hk',
  'zh-mo': 'zh-hk',
  ja: 'jp',
  'ja-jp': 'jp',
  ko: 'kr',
  'ko-kr': 'kr',
  id: 'ydn',
  'id-id': 'ydn',
  en: 'en',
  vi: 'vi',
  th: 'th',
};
