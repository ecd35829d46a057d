/**
 * Served like a production site: the built apps' precompressed copies (made by the same build step the
 * real build runs, scripts/precompress.mjs) go out with the encoding the browser accepts, Vary:
 * Accept-Encoding and the right caching (hashed assets immutable for a year, HTML revalidated), and API
 * answers above COMPRESS_MIN_BYTES are compressed per request. PGlite alone: nothing here depends on it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.mjs';
import { COMPRESS_MIN_BYTES, negotiateEncoding } from '../src/platform/compression.ts';
import { createTestApp, type TestApp } from './harness.ts';

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;

function builtSite(root: string, name: string, base: string): string {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script type="module" src="${base}assets/index-AbCdEf12.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(60)}</body></html>`,
  );
  writeFileSync(path.join(dir, 'assets/index-AbCdEf12.js'), SCRIPT);
  precompressDir(dir);
  return dir;
}

describe('static files and compression', () => {
  let root: string;
  let t: TestApp;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'tradehall-static-'));
    t = await createTestApp({
      driver: 'pglite',
      env: {
        WEB_DIST_DIR: builtSite(root, 'web', './'),
        CONSOLE_DIST_DIR: builtSite(root, 'console', '/console/'),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a hashed asset brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-AbCdEf12.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the file as it is, still varying on Accept-Encoding', async () => {
    const gzipped = await get('/assets/index-AbCdEf12.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbCdEf12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html compressed but revalidated, with its security policy', async () => {
    const index = await get('/', 'br');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(brotliDecompressSync(index.rawPayload).toString()).toContain('index-AbCdEf12.js');
  });

  it('does the same for the console, deep links included', async () => {
    const asset = await get('/console/assets/index-AbCdEf12.js', 'gzip');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const deepLink = await get('/console/users/123', 'br');
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(deepLink.rawPayload).toString()).toContain(
      '/console/assets/index-AbCdEf12.js',
    );
  });

  it('redirects /console to the console, and the document says so: a 302 with its Location, no body', async () => {
    const redirect = await get('/console');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/console/');
    type Paths = Record<
      string,
      { get?: { responses?: Record<string, { content?: unknown; headers?: object }> } }
    >;
    const { paths } = JSON.parse((await get('/api/docs/json')).body) as { paths: Paths };
    const responses = paths['/console']?.get?.responses;
    expect(Object.keys(responses ?? {})).toEqual(['302']);
    expect(responses?.['302']?.content).toBeUndefined();
    expect(responses?.['302']?.headers).toHaveProperty('location');
  });

  it('compresses API answers above the threshold and leaves small ones alone', async () => {
    const docs = await get('/api/docs/json', 'gzip, br');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers.vary).toMatch(/accept-encoding/i);
    const spec = JSON.parse(brotliDecompressSync(docs.rawPayload).toString()) as { openapi: string };
    expect(spec.openapi).toMatch(/^3\./);

    const gzipped = await get('/api/docs/json', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const identity = await get('/api/docs/json');
    expect(identity.headers['content-encoding']).toBeUndefined();

    const health = await get('/api/v1/health', 'br');
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('negotiates brotli first, honours q=0 and the wildcard', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
