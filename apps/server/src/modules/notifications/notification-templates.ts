/**
 * The texts of system notifications (funding decisions, round results) in all 8 languages. A stored
 * system notification keeps only its template key and params, so each reader sees it in the language
 * they read in (their Accept-Language), and a push goes out in the user's last-known language.
 * Placeholders use i18next's `{{name}}` syntax, like the shared catalogue.
 */
import { formatMoney, type Locale } from '@tradehall/domain';
import type { NotificationParams } from '../../platform/db/schema-realtime.ts';
import en from './templates/en.json' with { type: 'json' };
import jp from './templates/jp.json' with { type: 'json' };
import kr from './templates/kr.json' with { type: 'json' };
import th from './templates/th.json' with { type: 'json' };
import vi from './templates/vi.json' with { type: 'json' };
import ydn from './templates/ydn.json' with { type: 'json' };
import zhCn from './templates/zh-cn.json' with { type: 'json' };
import zhHk from './templates/zh-hk.json' with { type: 'json' };

type TemplateCatalogue = typeof en;
export type TemplateKey = keyof TemplateCatalogue;

export const NOTIFICATION_TEMPLATES: Record<Locale, TemplateCatalogue> = {
  'zh-cn': zhCn,
  en,
  'zh-hk': zhHk,
  jp,
  kr,
  vi,
  th,
  ydn,
};

export function isTemplateKey(value: string): value is TemplateKey {
  return Object.hasOwn(en, value);
}

/** Params holding cents, shown as money ("$10.00") in every language. */
const MONEY_PARAMS = new Set(['amount', 'stake', 'payout']);
/** What a missing value (a rejection without a reason) shows as. */
const MISSING = '-';

function paramText(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return MISSING;
  if (typeof value === 'number' && MONEY_PARAMS.has(name)) return formatMoney(value);
  return String(value);
}

function fill(template: string, params: NotificationParams): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_whole, name: string) => paramText(name, params[name]));
}

export interface RenderedNotification {
  title: string;
  content: string;
}

/** A template in a language; every catalogue has every key (the parity test checks it). */
export function renderTemplate(
  locale: Locale,
  key: TemplateKey,
  params: NotificationParams,
): RenderedNotification {
  const entry = NOTIFICATION_TEMPLATES[locale][key];
  return { title: fill(entry.title, params), content: fill(entry.content, params) };
}
