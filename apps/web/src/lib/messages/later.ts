/** The rest of each message catalogue, loaded after the first screen (see first-screen.ts). */
import type { Locale } from '@tradehall/domain';
import { both, type Messages } from './parts.ts';

export const laterMessages: Record<Locale, () => Promise<Messages>> = {
  en: () => both(import('../../locales/en.json'), import('@tradehall/contracts/i18n/en.json')),
  'zh-cn': () => both(import('../../locales/zh-cn.json'), import('@tradehall/contracts/i18n/zh-cn.json')),
  'zh-hk': () => both(import('../../locales/zh-hk.json'), import('@tradehall/contracts/i18n/zh-hk.json')),
  jp: () => both(import('../../locales/jp.json'), import('@tradehall/contracts/i18n/jp.json')),
  kr: () => both(import('../../locales/kr.json'), import('@tradehall/contracts/i18n/kr.json')),
  vi: () => both(import('../../locales/vi.json'), import('@tradehall/contracts/i18n/vi.json')),
  th: () => both(import('../../locales/th.json'), import('@tradehall/contracts/i18n/th.json')),
  ydn: () => both(import('../../locales/ydn.json'), import('@tradehall/contracts/i18n/ydn.json')),
};
