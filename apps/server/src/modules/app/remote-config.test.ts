/**
 * /remote-config.json: the lines come from SERVER_LINES (or this server alone), never from the request,
 * and the document always passes the contract the app checks it against. CORS: a configured app origin
 * may read the API and the config from another line; any other origin gets no CORS header at all.
 */
import { remoteConfigSchema } from '@tradehall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVERS, type TestApp } from '../../../test/harness.ts';

const LINES = 'Line 1=https://a.example.com,Line 2=https://b.example.com:8443/';
const APP = 'https://a.example.com';
const EVIL = 'https://evil.example.net';

describe.each(DRIVERS)('remote config and CORS on %s', (driver) => {
  let t: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      driver,
      env: { SERVER_LINES: LINES, REMOTE_CONFIG_WEBSITE_URL: 'https://www.example.com' },
    });
    bare = await createTestApp({ driver, env: { PORT: '4321' } });
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
  });

  it('publishes the configured lines, links and map as a schema-valid document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/remote-config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = remoteConfigSchema.parse(response.json());
    expect(body).toEqual({
      schemaVersion: 1,
      lines: [
        { id: 'line-1', name: 'Line 1', url: 'https://a.example.com' },
        { id: 'line-2', name: 'Line 2', url: 'https://b.example.com:8443' },
      ],
      links: { download: null, website: 'https://www.example.com' },
      map: {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
        maxZoom: 19,
      },
    });
  });

  it('is documented in OpenAPI with its schema', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json<{
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    }>().paths;
    expect(paths['/remote-config.json']?.get?.responses?.['200']).toBeDefined();
  });

  it('answers a revalidation with 304 from its ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/remote-config.json' });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/remote-config.json',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('never takes a line from the Host header: without SERVER_LINES it is this server on its own port', async () => {
    for (const host of ['attacker.example', 'localhost:4321']) {
      const response = await bare.app.inject({
        method: 'GET',
        url: '/remote-config.json',
        headers: { host },
      });
      expect(response.json<{ lines: unknown }>().lines).toEqual([
        { id: 'line-1', name: 'Line 1', url: 'http://localhost:4321' },
      ]);
    }
  });

  it('answers a configured app origin with CORS on the API and the config', async () => {
    for (const url of ['/api/v1/health', '/remote-config.json']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { origin: APP } });
      expect(response.headers['access-control-allow-origin']).toBe(APP);
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(response.headers['access-control-expose-headers'])).toContain('date');
      expect(String(response.headers.vary)).toMatch(/origin/i);
    }
  });

  it('answers an allowed preflight with the client headers, cached for two hours', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/me',
      headers: {
        origin: 'https://b.example.com:8443',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type,accept-language',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://b.example.com:8443');
    expect(String(response.headers['access-control-allow-methods'])).toContain('PATCH');
    const allowed = String(response.headers['access-control-allow-headers']).split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'accept-language', 'idempotency-key']),
    );
    expect(response.headers['access-control-max-age']).toBe('7200');
  });

  it('gives any other origin no CORS header, and its preflight a 404', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { origin: EVIL } });
    expect(read.statusCode).toBe(200);
    expect(Object.keys(read.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/me',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(404);
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    // The allowed list is exact: a look-alike host or another scheme is not the app.
    for (const origin of ['http://a.example.com', 'https://a.example.com.evil.net', 'null']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { origin } });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
