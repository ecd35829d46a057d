/**
 * HTTP hygiene: the Content-Security-Policy of the web app, the console and the API docs (no inline
 * script anywhere, no framing), X-Frame-Options, Referrer-Policy, no-store on API and authenticated
 * answers, the checkout page's own nonce policy left alone, and HSTS only behind an https PUBLIC_URL.
 * Headers do not depend on the database, so PGlite alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CSP } from '../src/platform/security-headers.ts';
import { adminToken } from './admin-support.ts';
import { call, createTestApp, type TestApp } from './harness.ts';
import { newKey, quickUser } from './money.ts';

type Headers = Record<string, string | string[] | number | undefined>;

/** `a b; c d` -> { a: ['b'], c: ['d'] } (helmet separates with `;`, others with `; `). */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  const result: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) result[name] = values;
  }
  return result;
}

function expectPagePolicy(headers: Headers): void {
  const csp = directives(headers['content-security-policy']);
  expect(csp['default-src']).toEqual(["'self'"]);
  // Scripts from this origin only: no inline script, no eval, no other host.
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['script-src-attr']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'none'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  // The map tiles' host (MAP_TILE_URL's default) and nothing else outside this origin.
  expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
  expectFramingAndReferrer(headers);
}

function expectFramingAndReferrer(headers: Headers): void {
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
}

/** A built-looking site: an index.html naming one hashed module script, and that script. */
function fakeSite(root: string, name: string): string {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script type="module" src="./assets/index-AbCdEf12.js"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(dir, 'assets/index-AbCdEf12.js'), 'export {};\n');
  return dir;
}

describe('security headers', () => {
  let root: string;
  let t: TestApp;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'tradehall-headers-'));
    t = await createTestApp({
      driver: 'pglite',
      env: { WEB_DIST_DIR: fakeSite(root, 'web'), CONSOLE_DIST_DIR: fakeSite(root, 'console') },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('gives the web app index and its assets the page policy, without HSTS on plain http', async () => {
    const index = await get('/');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expectPagePolicy(index.headers);
    expect(index.headers['strict-transport-security']).toBeUndefined();
    expect(directives(index.headers['content-security-policy'])['upgrade-insecure-requests']).toBeUndefined();
    // Pages are revalidated, hashed assets cached for good: no-store is for API answers.
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await get('/assets/index-AbCdEf12.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectFramingAndReferrer(asset.headers);
  });

  it('gives the console index, and a deep link answered with it, the page policy', async () => {
    for (const url of ['/console/', '/console/funding']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expectPagePolicy(page.headers);
    }
  });

  it('gives the API docs their own policy: scripts and styles from this origin only, no framing', async () => {
    const docs = await get('/api/docs');
    expect(docs.statusCode).toBe(200);
    // Swagger UI's page loads every script from a file: nothing inline to allow.
    expect(docs.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expectFramingAndReferrer(docs.headers);
    const initializer = await get('/api/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    expect(directives(initializer.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
  });

  it('answers the API with no-store and a policy that loads nothing, signed in or not', async () => {
    const user = await quickUser(t);
    const me = await call(t, 'GET', '/me', { token: user.token });
    expect(me.status).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers['content-security-policy']).toBe(API_CSP);
    expectFramingAndReferrer(me.headers);

    const operator = await call(t, 'GET', '/admin/me', { token: await adminToken(t) });
    expect(operator.status).toBe(200);
    expect(operator.headers['cache-control']).toBe('no-store');

    const refused = await call(t, 'GET', '/me');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['content-security-policy']).toBe(API_CSP);
    const health = await call(t, 'GET', '/app/version');
    expect(health.headers['cache-control']).toBe('no-store');
  });

  it("leaves the card gateway's checkout page its own nonce policy", async () => {
    const user = await quickUser(t);
    const created = await call<{ checkoutUrl: string }>(t, 'POST', '/deposits', {
      token: user.token,
      body: { idempotencyKey: newKey(), method: 'card', amount: 4000 },
    });
    expect(created.status).toBe(201);
    const page = await get(created.body.checkoutUrl);
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']?.[0]).toMatch(/^'nonce-[A-Za-z0-9+/=]+'$/);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(page.headers['cache-control']).toBe('no-store');
    expectFramingAndReferrer(page.headers);
  });
});

describe('security headers behind an https PUBLIC_URL', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'tradehall-headers-'));
    t = await createTestApp({
      driver: 'pglite',
      env: { PUBLIC_URL: 'https://trade.example.com', WEB_DIST_DIR: fakeSite(root, 'web') },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends HSTS (this host, a year) and upgrades insecure requests; the socket origin is named', async () => {
    for (const url of ['/', '/api/v1/app/version']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
    const index = await t.app.inject({ method: 'GET', url: '/' });
    const csp = directives(index.headers['content-security-policy']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://trade.example.com', 'wss://trade.example.com']);
  });
});

describe('the page policy with several server lines', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'tradehall-headers-'));
    t = await createTestApp({
      driver: 'pglite',
      env: {
        PUBLIC_URL: 'https://a.example.com',
        SERVER_LINES: 'One=https://a.example.com,Two=https://b.example.com,Lab=http://10.0.0.5:3000',
        REMOTE_CONFIG_URL: 'https://bucket.storage.example.net/tradehall/remote-config.json',
        MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        WEB_DIST_DIR: fakeSite(root, 'web'),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lets the page reach every line (https and wss), the remote config host, and the tile servers', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    const csp = directives(index.headers['content-security-policy']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://a.example.com',
      'wss://a.example.com',
      'https://b.example.com',
      'wss://b.example.com',
      'http://10.0.0.5:3000',
      'ws://10.0.0.5:3000',
      'https://bucket.storage.example.net',
    ]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.org']);
  });
});
