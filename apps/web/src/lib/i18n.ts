/**
 * i18next set-up. Resources per locale = this app's strings (src/locales) + the shared error/validation
 * catalogue from @tradehall/contracts, so server and client say the same thing. English's first-screen
 * part is bundled (it is the fallback); every other language is a lazily loaded chunk, loaded before it
 * becomes active, and the rest of each catalogue loads after the first screen (loadLaterMessages).
 */
import type sharedEn from '@tradehall/contracts/i18n/en.json';
import { FALLBACK_LOCALE, isLocale, LOCALE_BCP47, type Locale, resolveLocale } from '@tradehall/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../locales/en.json';
import { loadAntdLocale } from './antd-locale.ts';
import { firstScreenEn, firstScreenMessages } from './messages/first-screen.ts';
import { laterMessages } from './messages/later.ts';
import type { Messages } from './messages/parts.ts';
import { getStoredLocale, setStoredLocale } from './storage.ts';

export type Resources = typeof en & typeof sharedEn;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

/**
 * Each catalogue comes in two parts, cut at build time (messages/first-screen.ts): what the first
 * screens (login, home, a room, the shell) show, and the rest.
 */
type Part = 'first' | 'later';

const loaders: Record<Locale, Record<Part, () => Promise<Messages>>> = {
  en: { first: () => Promise.resolve(firstScreenEn), later: laterMessages.en },
  'zh-cn': { first: firstScreenMessages['zh-cn'], later: laterMessages['zh-cn'] },
  'zh-hk': { first: firstScreenMessages['zh-hk'], later: laterMessages['zh-hk'] },
  jp: { first: firstScreenMessages.jp, later: laterMessages.jp },
  kr: { first: firstScreenMessages.kr, later: laterMessages.kr },
  vi: { first: firstScreenMessages.vi, later: laterMessages.vi },
  th: { first: firstScreenMessages.th, later: laterMessages.th },
  ydn: { first: firstScreenMessages.ydn, later: laterMessages.ydn },
};

export const i18n = i18next.createInstance();

/** Whether a page has asked for a key no loaded part had (one of the later part, shown as the key). */
let keyMissed = false;

/** Parts of each language already merged into i18next (a failed load is tried again next time). */
const loadedParts = new Map<Locale, Map<Part, Promise<void>>>();

function ensurePart(locale: Locale, part: Part): Promise<void> {
  const parts = loadedParts.get(locale) ?? new Map<Part, Promise<void>>();
  loadedParts.set(locale, parts);
  let loading = parts.get(part);
  if (!loading) {
    loading = loaders[locale][part]().then((messages) => {
      // Adding messages re-renders every translated component (bindI18nStore below): a whole-page
      // render on a phone's CPU, right after the first paint. Only worth it if a key has been missing.
      const silent = part === 'later' && !keyMissed;
      i18n.addResourceBundle(locale, 'translation', messages, true, true, { silent });
    });
    loading.catch(() => parts.delete(part));
    parts.set(part, loading);
  }
  return loading;
}

/**
 * Once the rest of the catalogue is wanted (the first screen is up, or a page outside it opens), every
 * language the app switches to loads whole.
 */
let laterWanted = false;

function ensureResources(locale: Locale): Promise<unknown> {
  if (!laterWanted) return ensurePart(locale, 'first');
  return Promise.all([
    ensurePart(locale, 'first'),
    ensurePart(locale, 'later'),
    ensurePart(FALLBACK_LOCALE, 'later'),
  ]);
}

/**
 * The rest of the current language's messages (errors, validation, the pages outside the first screen).
 * Resolves once they are in; a failure is reported to the caller and the next call tries again.
 */
export async function loadLaterMessages(): Promise<void> {
  laterWanted = true;
  // English is the fallback of every other language, whole as it always was.
  await Promise.all([ensurePart(currentLocale(), 'later'), ensurePart(FALLBACK_LOCALE, 'later')]);
}

/** The stored choice, else the browser's language when we have it, else English. */
export function initialLocale(): Locale {
  const stored = getStoredLocale();
  if (stored) return stored;
  if (typeof navigator === 'undefined') return FALLBACK_LOCALE;
  return resolveLocale(navigator.languages?.join(',') || navigator.language);
}

/**
 * Starts i18next in `locale`. With `deferLater` (the app's start) only the first screen's messages are
 * loaded; loadLaterMessages() brings the rest. Without it (tests, tools) the whole catalogue is.
 */
export async function initI18n(
  locale: Locale = initialLocale(),
  options: { deferLater?: boolean } = {},
): Promise<void> {
  laterWanted ||= options.deferLater !== true;
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: firstScreenEn } },
      lng: FALLBACK_LOCALE,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...Object.keys(loaders)],
      lowerCaseLng: true,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      // Pages re-render when the later part of the catalogue arrives, if they showed a key it brings.
      react: { useSuspense: false, bindI18nStore: 'added' },
      saveMissing: true,
      missingKeyHandler: () => {
        keyMissed = true;
      },
    });
  }
  await ensurePart(FALLBACK_LOCALE, 'first');
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
