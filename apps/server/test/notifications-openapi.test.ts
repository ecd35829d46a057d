/** OpenAPI documents every notification route with its request and response schemas. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './harness.ts';

type Operation = { requestBody?: unknown; responses?: Record<string, unknown>; parameters?: unknown[] };

const ROUTES: Array<[method: string, path: string, success: string]> = [
  ['get', '/api/v1/notifications', '200'],
  ['get', '/api/v1/notifications/unread-count', '200'],
  ['post', '/api/v1/notifications/{id}/read', '204'],
  ['post', '/api/v1/notifications/read-all', '204'],
  ['get', '/api/v1/notification-settings', '200'],
  ['put', '/api/v1/notification-settings', '200'],
  ['post', '/api/v1/admin/notifications', '201'],
  ['get', '/api/v1/admin/notifications', '200'],
];

describe('OpenAPI for notifications', () => {
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

  it('documents the 204 answers without content', () => {
    for (const path of ['/api/v1/notifications/{id}/read', '/api/v1/notifications/read-all']) {
      expect(paths[path]?.post?.responses?.['204'], path).toEqual({ description: 'No content' });
    }
  });

  it('shows the list scope, the unread count, the settings and the send request', () => {
    const list = JSON.stringify(paths['/api/v1/notifications']?.get);
    for (const field of ['scope', 'cursor', 'limit', 'unread', 'read', 'category'])
      expect(list).toContain(field);
    const settings = JSON.stringify(paths['/api/v1/notification-settings']?.put);
    for (const field of ['announcement', 'round_result', 'funding']) expect(settings).toContain(field);
    const send = JSON.stringify(paths['/api/v1/admin/notifications']?.post?.requestBody);
    for (const field of ['audience', 'account', 'title', 'content']) expect(send).toContain(field);
  });
});
