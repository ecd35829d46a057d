/**
 * i18next set-up. Resources per locale = this app's strings (src/locales) + the shared error/validation
 * catalogue from @tradehall/contracts, so server and client say the same thing. English is bundled (it is
 * the fallback); every other language is a lazily loaded chunk, loaded before it becomes active.
 */
import sharedEn from '@tradehall/contracts/i18n/en.json';
import { FALLBACK_LOCALE, isLocale, LOCALE_BCP47, type Locale, resolveLocale } from '@tradehall/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { loadAntdLocale } from './antd-locale.ts';
import { getStoredLocale, setStoredLocale } from './storage.ts';
import { importChunk } from './timeout.ts';

export type Resources = typeof en & typeof sharedEn;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

type JsonModule<T> = { default: T };
const pair = (
  own: () => Promise<JsonModule<typeof en>>,
  shared: () => Promise<JsonModule<typeof sharedEn>>,
): (() => Promise<Resources>) => {
  return async () => {
    const [ownModule, sharedModule] = await Promise.all([importChunk(own), importChunk(shared)]);
    return { ...ownModule.default, ...sharedModule.default };
  };
};

const loaders: Record<Locale, () => Promise<Resources>> = {
  en: () => Promise.resolve({ ...en, ...sharedEn }),
  'zh-cn': pair(
    () => import('../locales/zh-cn.json'),
    () => import('@tradehall/contracts/i18n/zh-cn.json'),
  ),
  'zh-hk': pair(
    () => import('../locales/zh-hk.json'),
    () => import('@tradehall/contracts/i18n/zh-hk.json'),
  ),
  jp: pair(
    () => import('../locales/jp.json'),
    () => import('@tradehall/contracts/i18n/jp.json'),
  ),
  kr: pair(
    () => import('../locales/kr.json'),
    () => import('@tradehall/contracts/i18n/kr.json'),
  ),
  vi: pair(
    () => import('../locales/vi.json'),
    () => import('@tradehall/contracts/i18n/vi.json'),
  ),
  th: pair(
    () => import('../locales/th.json'),
    () => import('@tradehall/contracts/i18n/th.json'),
  ),
  ydn: pair(
    () => import('../locales/ydn.json'),
    () => import('@tradehall/contracts/i18n/ydn.json'),
  ),
};

export const i18n = i18next.createInstance();

async function ensureResources(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const resources = await loaders[locale]();
  i18n.addResourceBundle(locale, 'translation', resources, true, true);
}

/** The stored choice, else the browser's language when we have it, else English. */
export function initialLocale(): Locale {
  const stored = getStoredLocale();
  if (stored) return stored;
  if (typeof navigator === 'undefined') return FALLBACK_LOCALE;
  return resolveLocale(navigator.languages?.join(',') || navigator.language);
}

export async function initI18n(locale: Locale = initialLocale()): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: { ...en, ...sharedEn } } },
      lng: FALLBACK_LOCALE,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...Object.keys(loaders)],
      lowerCaseLng: true,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  try {
    await changeLocale(locale, { persist: false });
  } catch {
    // A language chunk that cannot load leaves the app in English rather than not starting at all.
    await changeLocale(FALLBACK_LOCALE, { persist: false });
  }
}

/** Loads the language (and antd-mobile's) if needed, switches to it and, by default, remembers it. */
export async function changeLocale(locale: Locale, options: { persist?: boolean } = {}): Promise<void> {
  await Promise.all([ensureResources(locale), loadAntdLocale(locale)]);
  await i18n.changeLanguage(locale);
  if (options.persist !== false) setStoredLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE_BCP47[locale];
}

export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return language && isLocale(language) ? language : FALLBACK_LOCALE;
}
