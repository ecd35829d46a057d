/** Health, version, OpenAPI, unknown routes, and serving the built web app and console. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { translateShared } from '@tradehall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DRIVERS, type ErrorJson, type TestApp } from '../../../test/harness.ts';
import { API_CSP } from '../../platform/security-headers.ts';
import { HEALTH_PING_SHARE_MS } from './app.service.ts';

describe.each(DRIVERS)('app endpoints on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports health with the database driver and its latency', async () => {
    t.clock.advanceSeconds(42);
    const response = await call(t, 'GET', '/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ok',
      database: { ok: true, driver, latencyMs: expect.any(Number) },
      version: '2.5.3',
      uptimeSeconds: 42,
    });
    // Sent as a string built once: the same type and API policy as a serialised answer.
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(API_CSP);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('builds the health answer again when the uptime second moves on, within one shared ping', async () => {
    const first = await call<{ uptimeSeconds: number }>(t, 'GET', '/health');
    t.clock.advanceSeconds(3);
    const second = await call<{ uptimeSeconds: number }>(t, 'GET', '/health');
    expect(second.body.uptimeSeconds).toBe(first.body.uptimeSeconds + 3);
  });

  it('answers a crowd of health checks with one database ping, and pings again once it is stale', async () => {
    const ping = t.database.ping.bind(t.database);
    let pings = 0;
    t.database.ping = (timeoutMs?: number) => {
      pings += 1;
      return ping(timeoutMs);
    };
    try {
      await new Promise((resolve) => setTimeout(resolve, HEALTH_PING_SHARE_MS));
      const answers = await Promise.all(Array.from({ length: 20 }, () => call(t, 'GET', '/health')));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(pings).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_PING_SHARE_MS));
      await call(t, 'GET', '/health');
      expect(pings).toBe(2);
    } finally {
      t.database.ping = ping;
    }
  });

  it('serves the app version 2.5.3 (code 253) with update notes', async () => {
    const response = await call(t, 'GET', '/app/version');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      version: '2.5.3',
      code: 253,
      content: expect.stringContaining('2.5.3'),
      downloadUrl: null,
    });
  });

  it('answers an unknown API route with a translated NOT_FOUND', async () => {
    const response = await call<ErrorJson>(t, 'POST', '/api/v1/nope', { body: {}, locale: 'jp' });
    expect(response.status).toBe(404);
    expect(response.body.error).toEqual({
      code: 'NOT_FOUND',
      message: translateShared('jp', 'errors.NOT_FOUND'),
    });
  });

  it('publishes OpenAPI generated from the contract schemas', async () => {
    const response = await call<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    }>(t, 'GET', '/api/docs/json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.0.3');
    const paths = Object.keys(response.body.paths);
    for (const route of [
      '/api/v1/auth/captcha',
      '/api/v1/auth/register',
      '/api/v1/auth/login',
      '/api/v1/auth/logout',
      '/api/v1/auth/password-reset/code',
      '/api/v1/auth/password-reset',
      '/api/v1/auth/sessions',
      '/api/v1/auth/sessions/{id}',
      '/api/v1/me',
      '/api/v1/me/password',
      '/api/v1/me/payment-password',
      '/api/v1/health',
      '/api/v1/app/version',
      '/api/v1/admin/auth/login',
      '/api/v1/admin/auth/logout',
      '/api/v1/admin/me',
    ]) {
      expect(paths).toContain(route);
    }
    const loginBody = JSON.stringify(response.body.paths['/api/v1/auth/login']?.post?.requestBody);
    for (const field of ['account', 'password', 'captchaId', 'captchaAnswer'])
      expect(loginBody).toContain(field);
    // One error answer per status its declared codes have, each naming them.
    const loginAnswers = response.body.paths['/api/v1/auth/login']?.post?.responses ?? {};
    expect(Object.keys(loginAnswers)).toEqual(expect.arrayContaining(['200', '400', '401', '429', '500']));
    expect(JSON.stringify(loginAnswers['401'])).toContain('INVALID_CREDENTIALS');
    expect(JSON.stringify(loginAnswers['429'])).toContain('LOGIN_LOCKED');
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(response.statusCode);
    if (response.statusCode === 200) expect(response.body).toContain('<html');
  });
});

describe('health when the database is gone', () => {
  it('answers 503 with status degraded', async () => {
    const t = await createTestApp({ driver: 'pglite' });
    try {
      await t.database.close();
      const response = await call(t, 'GET', '/health');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ status: 'degraded', database: { ok: false, driver: 'pglite' } });
    } finally {
      await t.close();
    }
  });
});

describe('static sites', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'tradehall-static-'));
    const web = path.join(root, 'web');
    const consoleDir = path.join(root, 'console');
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    mkdirSync(consoleDir, { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>web</title>');
    writeFileSync(path.join(web, 'assets', 'index-AbCdEf12.js'), 'console.log("web")');
    writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    t = await createTestApp({ driver: 'pglite', env: { WEB_DIST_DIR: web, CONSOLE_DIST_DIR: consoleDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the web app at / with index.html revalidated and hashed assets cached', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>web</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves the console at /console/ and its index for deep links', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/console/' });
    expect(index.body).toContain('<title>console</title>');
    const deep = await t.app.inject({ method: 'GET', url: '/console/users/42' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>console</title>');
    const bare = await t.app.inject({ method: 'GET', url: '/console' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/console/');
  });

  it('does not fall back to a page for missing web files or API routes', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(JSON.parse(api.body)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    // The API still works next to the static sites.
    expect((await call(t, 'GET', '/health')).status).toBe(200);
  });
});
