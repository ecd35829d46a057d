/**
 * The console's two languages. Both catalogues are bundled: they are small, and an operator switching
 * language in the middle of a review must not wait for a chunk. The choice is remembered in
 * localStorage; without one, a browser asking for any Chinese gets Simplified Chinese, everyone else
 * English. The API client reads the same choice, so server messages come back in it too.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import zhCn from '../locales/zh-cn.json';

export const CONSOLE_LANGUAGES = ['zh-cn', 'en'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

/** The key the choice is stored under (journeys set it before the page loads to pin a language). */
export const LANGUAGE_STORAGE_KEY = 'console.language';

/** BCP 47 tags for Intl formatting and `<html lang>`. */
export const LANGUAGE_TAG: Record<ConsoleLanguage, string> = { 'zh-cn': 'zh-CN', en: 'en-GB' };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export function isConsoleLanguage(value: unknown): value is ConsoleLanguage {
  return typeof value === 'string' && (CONSOLE_LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): ConsoleLanguage | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isConsoleLanguage(value) ? value : null;
  } catch {
    // Storage can be off (private mode, policy); the browser's language still applies.
    return null;
  }
}

/** zh, zh-CN, zh-Hans... -> zh-cn; anything else -> en (the first language the browser lists decides). */
export function languageFromBrowser(languages: readonly string[]): ConsoleLanguage {
  const first = languages[0]?.toLowerCase() ?? '';
  return first === 'zh' || first.startsWith('zh-') ? 'zh-cn' : 'en';
}

export function initialLanguage(): ConsoleLanguage {
  const stored = storedLanguage();
  if (stored) return stored;
  if (typeof navigator === 'undefined') return 'en';
  return languageFromBrowser(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export const i18n = i18next.createInstance();

const startLanguage = initialLanguage();
// Resources are in memory, so with initAsync off the instance is ready when this module has run.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, 'zh-cn': { translation: zhCn } },
  lng: startLanguage,
  fallbackLng: 'en',
  supportedLngs: [...CONSOLE_LANGUAGES],
  lowerCaseLng: true,
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_TAG[startLanguage];
// antd's date pickers take month and weekday names from dayjs' global locale, not from ConfigProvider.
dayjs.locale(startLanguage);
i18n.on('languageChanged', (language) => {
  dayjs.locale(isConsoleLanguage(language) ? language : 'en');
});

export function currentLanguage(): ConsoleLanguage {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isConsoleLanguage(language) ? language : 'en';
}

/** Switches the console (and what the server is asked for) to `language` and remembers the choice. */
export async function changeLanguage(language: ConsoleLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across reloads, but the switch itself still works.
  }
  document.documentElement.lang = LANGUAGE_TAG[language];
  await i18n.changeLanguage(language);
}
