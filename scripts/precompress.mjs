/**
 * Precompression of a built site, once at build time: next to every text asset (JS, CSS, HTML, SVG, JSON,
 * the web manifest) a `.br` (brotli, best quality) and a `.gz` (gzip level 9), which the server sends as
 * they are to browsers that accept them (@fastify/static preCompressed). Compressing at the highest
 * levels is too slow per request but costs nothing here. Images and fonts are already compressed.
 *
 * A Vite plugin (`precompress()` in both apps' vite.config.ts) and a command: `node scripts/precompress.mjs <dir>`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than the bytes of its own headers. */
const MIN_BYTES = 512;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes file.br and file.gz beside each compressible file of dir; returns how many files it compressed. */
export function precompressDir(dir) {
  let count = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const source = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    count++;
  }
  return count;
}

/** Vite plugin: precompresses the output directory once the whole bundle (and every other plugin) is written. */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'tradehall-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDir(outDir);
      },
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) console.log(`${dir}: ${precompressDir(dir)} files precompressed`);
}
