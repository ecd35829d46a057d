// Adds, replaces or removes message keys in all locale files of an app at once, under a lock, so that
// several people (or helpers) editing different features never overwrite each other's keys and the
// 8 files always keep the same keys.
//
//   node scripts/locale-keys.mjs set    <fragment.json> [--app web|console]
//   node scripts/locale-keys.mjs remove <dotted.key> [<dotted.key> ...] [--app web|console]
//
// A fragment is { "<locale>": { nested keys... }, ... } with every locale of the app present.
import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const appFlag = args.indexOf('--app');
const app = appFlag >= 0 ? args.splice(appFlag, 2)[1] : 'web';
const [command, ...rest] = args;
const dir = join(root, 'apps', app ?? 'web', 'src', 'locales');
const locales = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

const fail = (message) => {
  console.error(`locale-keys: ${message}`);
  process.exit(1);
};

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (isObject(value)) {
      if (!isObject(target[key])) target[key] = {};
      merge(target[key], value);
    } else {
      target[key] = value;
    }
  }
};

const removeKey = (target, dotted) => {
  const parts = dotted.split('.');
  const last = parts.pop();
  let node = target;
  for (const part of parts) {
    if (!isObject(node[part])) return;
    node = node[part];
  }
  delete node[last];
};

const lockPath = join(dir, '.locale-keys.lock');
const lock = () => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      closeSync(openSync(lockPath, 'wx'));
      return;
    } catch {
      if (Date.now() > deadline) fail(`${lockPath} is held for over 10 s; remove it if no edit is running`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
};

let edit;
if (command === 'set') {
  const fragment = JSON.parse(readFileSync(rest[0] ?? fail('set needs a fragment file'), 'utf8'));
  const missing = locales.filter((locale) => !isObject(fragment[locale]));
  if (missing.length > 0) fail(`the fragment lacks ${missing.join(', ')}`);
  edit = (locale, catalogue) => merge(catalogue, fragment[locale]);
} else if (command === 'remove') {
  if (rest.length === 0) fail('remove needs at least one key');
  edit = (_locale, catalogue) => {
    for (const key of rest) removeKey(catalogue, key);
  };
} else {
  fail('usage: locale-keys.mjs set <fragment.json> | remove <key...> [--app web|console]');
}

lock();
try {
  for (const locale of locales) {
    const file = join(dir, `${locale}.json`);
    const catalogue = JSON.parse(readFileSync(file, 'utf8'));
    edit(locale, catalogue);
    writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
  }
} finally {
  rmSync(lockPath, { force: true });
}
console.log(`locale-keys: ${command} done in ${locales.length} ${app} locale files`);
