/**
 * Initial JavaScript and CSS of the built web app, gzip-compressed, against DESIGN §9: JS at most 170 KB
 * (aim 120), CSS at most 25 KB. "Initial" = the entry script of index.html and, recursively, every chunk
 * it imports statically (a dynamic `import()` is lazy and not counted), plus index.html's stylesheets.
 * Run after `npm run build`: `npm run bench:bundle`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../../apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const gzipped = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const seen = new Set<string>();
const queue = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\.?\/?([^"]+)"/g)].map((m) => m[1] ?? '');
while (queue.length > 0) {
  const file = queue.shift();
  if (!file || seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    queue.push(join(dirname(file), match[1] ?? ''));
  }
}
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\.?\/?([^"]+)"/g)].map((m) => m[1] ?? '');

let js = 0;
for (const file of seen) {
  js += gzipped(file);
  console.log(`  ${kb(gzipped(file)).padStart(9)}  ${file}`);
}
const cssBytes = css.reduce((sum, file) => sum + gzipped(file), 0);
console.log(
  `initial JS  ${kb(js)} gzip in ${seen.size} files (bar 170 KB, aim 120) ${js <= 170 * 1024 ? 'PASS' : 'FAIL'}`,
);
console.log(`initial CSS ${kb(cssBytes)} gzip (bar 25 KB) ${cssBytes <= 25 * 1024 ? 'PASS' : 'FAIL'}`);
process.exitCode = js <= 170 * 1024 && cssBytes <= 25 * 1024 ? 0 : 1;
