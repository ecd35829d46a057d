/**
 * Initial JavaScript and CSS of the built web app, gzip-compressed, against DESIGN §9: JS at most 170 KB
 * (aim 120), CSS at most 25 KB. "Initial" = what index.html loads before the first screen: its module
 * script, modulepreloads and stylesheets. Run after `npm run build`: `npm run bench:bundle`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../../apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const assets = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
const unique = [...new Set(assets)];

const size = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const js = unique.filter((file) => file.endsWith('.js'));
const css = unique.filter((file) => file.endsWith('.css'));
const jsBytes = js.reduce((sum, file) => sum + size(file), 0);
const cssBytes = css.reduce((sum, file) => sum + size(file), 0);

for (const file of unique) console.log(`  ${file.padEnd(48)} ${kb(size(file)).padStart(7)} KB gzip`);
console.log(
  `initial JS  ${kb(jsBytes)} KB gzip (bar 170, aim 120) ${jsBytes <= 170 * 1024 ? 'PASS' : 'FAIL'}`,
);
console.log(`initial CSS ${kb(cssBytes)} KB gzip (bar 25) ${cssBytes <= 25 * 1024 ? 'PASS' : 'FAIL'}`);
process.exitCode = jsBytes <= 170 * 1024 && cssBytes <= 25 * 1024 ? 0 : 1;
