import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCn from './zh-cn.json';

const flatten = (value: object, prefix = ''): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) =>
      inner && typeof inner === 'object'
        ? Object.entries(flatten(inner, `${prefix}${key}.`))
        : [[`${prefix}${key}`, inner]],
    ),
  );

const placeholders = (text: unknown) =>
  typeof text === 'string' ? (text.match(/{{\w+}}/g) ?? []).sort() : [];

const english = flatten(en);
const chinese = flatten(zhCn);
const englishKeys = Object.keys(english).sort();

const sourceRoot = join(import.meta.dirname, '..');
function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}
const sources = sourceFiles(sourceRoot).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

/** Every key the source asks for: t('a.b'), i18n.t('a.b'), and keys kept as values ('shell.menu.users'). */
function usedKeys(): Array<{ key: string; path: string }> {
  const namespaces = Object.keys(en).join('|');
  const patterns = [
    /\bt\(\s*['"`]([^'"`$]+)['"`]/g,
    new RegExp(`['"\`]((?:${namespaces})\\.[\\w.-]+)['"\`]`, 'g'),
  ];
  return sources.flatMap(({ path, text }) =>
    patterns.flatMap((pattern) =>
      [...text.matchAll(pattern)].map((match) => ({ key: match[1] ?? '', path })),
    ),
  );
}

describe('console locale files', () => {
  it('zh-cn has exactly the English keys, none empty, same placeholders', () => {
    expect(Object.keys(chinese).sort()).toEqual(englishKeys);
    for (const [key, value] of Object.entries({ ...english, ...chinese })) {
      expect(typeof value === 'string' && value.trim().length > 0, `${key} is empty`).toBe(true);
    }
    for (const key of englishKeys) {
      expect(placeholders(chinese[key]), `zh-cn:${key} placeholders`).toEqual(placeholders(english[key]));
      expect(english[key], `en:${key} is empty`).toBeTruthy();
    }
  });

  it('zh-cn is actually translated', () => {
    // Codes and examples (deposit.approve, PAYMENT_PROVIDER) stay as they are, but almost nothing else may.
    const same = englishKeys.filter((key) => chinese[key] === english[key]);
    expect(same.length / englishKeys.length).toBeLessThan(0.02);
  });

  it('every key the console source uses exists', () => {
    const used = usedKeys();
    // The scan must actually see the source: the console asks for hundreds of keys.
    expect(used.length).toBeGreaterThan(300);
    const missing = used.filter(({ key }) => !(key in english)).map(({ key, path }) => `${key} (${path})`);
    expect(missing).toEqual([]);
  });

  it('no feature keeps English text in a strings.ts of its own', () => {
    expect(sources.filter(({ path }) => path.endsWith('strings.ts')).map(({ path }) => path)).toEqual([]);
  });
});
