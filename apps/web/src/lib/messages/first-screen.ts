/**
 * The first screen's part of each message catalogue: this app's strings + the shared catalogue of
 * @tradehall/contracts. As written here it is the whole catalogue; the build (the catalogue-parts plugin
 * of vite.config.ts) gives the JSON imports of this file only FIRST_SCREEN_NAMESPACES, and those of
 * later.ts the rest. English's part is bundled (it is the fallback and the usual first language).
 */

import sharedEn from '@tradehall/contracts/i18n/en.json';
import type { Locale } from '@tradehall/domain';
import en from '../../locales/en.json';
import { both, type Messages } from './parts.ts';

export const firstScreenEn: Messages = { ...en, ...sharedEn };

export const firstScreenMessages: Record<Exclude<Locale, 'en'>, () => Promise<Messages>> = {
  'zh-cn': () => both(import('../../locales/zh-cn.json'), import('@tradehall/contracts/i18n/zh-cn.json')),
  'zh-hk': () => both(import('../../locales/zh-hk.json'), import('@tradehall/contracts/i18n/zh-hk.json')),
  jp: () => both(import('../../locales/jp.json'), import('@tradehall/contracts/i18n/jp.json')),
  kr: () => both(import('../../locales/kr.json'), import('@tradehall/contracts/i18n/kr.json')),
  vi: () => both(import('../../locales/vi.json'), import('@tradehall/contracts/i18n/vi.json')),
  th: () => both(import('../../locales/th.json'), import('@tradehall/contracts/i18n/th.json')),
  ydn: () => both(import('../../locales/ydn.json'), import('@tradehall/contracts/i18n/ydn.json')),
};
