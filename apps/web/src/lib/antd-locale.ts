/**
 * antd-mobile's own strings (Dialog buttons, PasscodeInput labels...) follow the app language. This
 * module only keeps the loaded locales; it imports nothing from antd-mobile eagerly so the kit stays out
 * of the initial JavaScript. `antd-runtime.ts` (loaded with the first antd component) applies them.
 */
import type { Locale } from '@tradehall/domain';
import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
import { importChunk } from './timeout.ts';

/** English is not here: it ships with antd-runtime.ts as the fallback, so English needs no extra request. */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: AntdLocale }>> = {
  'zh-cn': () => import('antd-mobile/es/locales/zh-CN'),
  'zh-hk': () => import('antd-mobile/es/locales/zh-HK'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  vi: () => import('antd-mobile/es/locales/vi-VN'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  ydn: () => import('antd-mobile/es/locales/id-ID'),
};

const loaded = new Map<Locale, AntdLocale>();

/** Loads the kit's strings for a language; never fails (the kit then stays in English). */
export async function loadAntdLocale(locale: Locale): Promise<void> {
  if (locale === 'en' || loaded.has(locale)) return;
  try {
    const module = await importChunk(loaders[locale]);
    loaded.set(locale, module.default);
  } catch {
    // English is bundled with the kit's runtime as the fallback.
  }
}

export function loadedAntdLocale(locale: Locale): AntdLocale | undefined {
  return loaded.get(locale);
}
