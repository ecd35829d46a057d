/** OpenAPI documents every trading route with its request and response schemas. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './harness.ts';

type Operation = { requestBody?: unknown; responses?: Record<string, unknown>; parameters?: unknown[] };

const ROUTES: Array<[method: string, path: string, success: string]> = [
  ['get', '/api/v1/rooms', '200'],
  ['get', '/api/v1/rooms/{id}', '200'],
  ['post', '/api/v1/rooms/{id}/enter', '200'],
  ['get', '/api/v1/rooms/{id}/rounds', '200'],
  ['get', '/api/v1/rounds/{id}', '200'],
  ['post', '/api/v1/rounds/{id}/positions', '201'],
  ['get', '/api/v1/positions', '200'],
  ['get', '/api/v1/revenue', '200'],
  ['get', '/api/v1/market/overview', '200'],
  ['get', '/api/v1/fairness/rounds/{id}', '200'],
];

describe('OpenAPI for trading', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite' });
    paths = (await call<{ paths: Record<string, Record<string, Operation>> }>(t, 'GET', '/api/docs/json'))
      .body.paths;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(ROUTES)('documents %s %s with its %s response and the error bodies', (method, path, success) => {
    const operation = paths[path]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    const statuses = Object.keys(operation?.responses ?? {});
    expect(statuses).toContain(success);
    // Error bodies: one per status its codes have (404 and 500 for any endpoint), or per class (4XX).
    expect(statuses.some((status) => status.startsWith('4'))).toBe(true);
    expect(statuses.some((status) => status.startsWith('5'))).toBe(true);
    expect(JSON.stringify(operation?.responses?.[success])).not.toBe('{}');
  });

  it('shows the position request, the bet catalogue and the proof fields', () => {
    const request = JSON.stringify(paths['/api/v1/rounds/{id}/positions']?.post?.requestBody);
    for (const field of ['bet', 'both_sides', 'special_number', 'close_long', 'amount', 'idempotencyKey']) {
      expect(request).toContain(field);
    }
    const proof = JSON.stringify(paths['/api/v1/fairness/rounds/{id}']?.get?.responses?.['200']);
    for (const field of ['previousHash', 'chainTerminalHash', 'salt', 'digits'])
      expect(proof).toContain(field);
    // The secret seed is nowhere in the API.
    expect(JSON.stringify(paths)).not.toMatch(/\bseed\b/i);
  });
});
