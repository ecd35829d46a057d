/**
 * The shared message catalogue: error and validation messages in all 8 locales. The server translates
 * its error responses with it; the web app merges it into its own i18next resources, so a message is
 * written once for both.
 */
import { FALLBACK_LOCALE, type Locale } from '@tradehall/domain';
import en from './i18n/en.json' with { type: 'json' };
import jp from './i18n/jp.json' with { type: 'json' };
import kr from './i18n/kr.json' with { type: 'json' };
import th from './i18n/th.json' with { type: 'json' };
import vi from './i18n/vi.json' with { type: 'json' };
import ydn from './i18n/ydn.json' with { type: 'json' };
import zhCn from './i18n/zh-cn.json' with { type: 'json' };
import zhHk from './i18n/zh-hk.json' with { type: 'json' };

export type MessageCatalogue = typeof en;
export const SHARED_MESSAGES: Record<Locale, MessageCatalogue> = {
  'zh-cn': zhCn,
  en,
  'zh-hk': zhHk,
  jp,
  kr,
  vi,
  th,
  ydn,
};

/**
 * Looks up `errors.X` or `validation.y`; falls back to English, then to the key itself. `{{name}}` is
 * replaced by `params.name` (i18next's syntax, so the web app interpolates the same strings).
 */
export function translateShared(locale: Locale, key: string, params?: Record<string, string>): string {
  const template =
    lookup(SHARED_MESSAGES[locale], key) ?? lookup(SHARED_MESSAGES[FALLBACK_LOCALE], key) ?? key;
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => params[name] ?? whole);
}

function lookup(catalogue: MessageCatalogue, key: string): string | undefined {
  const [group, name] = key.split('.', 2);
  if (!group || !name) return undefined;
  const section: Record<string, string> | undefined = (catalogue as Record<string, Record<string, string>>)[
    group
  ];
  return section?.[name];
}
