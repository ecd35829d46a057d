/**
 * Each language named in itself (spec §2 language selection). These are data, the same in every UI
 * language — a reader must recognise their own language whatever is shown now — so they are not in the
 * translation files; the translated name is shown beside it.
 */
import { LOCALE_BCP47, type Locale } from '@tradehall/domain';

export const NATIVE_LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-cn': '简体中文',
  en: 'English',
  'zh-hk': '繁體中文',
  jp: '日本語',
  kr: '한국어',
  vi: 'Tiếng Việt',
  th: 'ภาษาไทย',
  ydn: 'Bahasa Indonesia',
};

export const languageTag = (locale: Locale): string => LOCALE_BCP47[locale];
