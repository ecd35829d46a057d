/** OpenAPI documents every money route with its request and response schemas. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './harness.ts';

type Operation = { requestBody?: unknown; responses?: Record<string, unknown>; parameters?: unknown[] };

const ROUTES: Array<[method: string, path: string, success: string]> = [
  ['get', '/api/v1/funding/methods', '200'],
  ['get', '/api/v1/admin/funding/methods', '200'],
  ['put', '/api/v1/admin/funding/methods', '200'],
  ['post', '/api/v1/uploads', '201'],
  ['post', '/api/common/upload', '201'],
  ['post', '/api/common/upload1', '201'],
  ['post', '/api/common/upload3', '201'],
  ['post', '/api/common/upload5', '201'],
  ['post', '/api/common/upload6', '201'],
  ['post', '/api/common/uploadImage', '201'],
  ['get', '/api/v1/uploads/{id}', '200'],
  ['post', '/api/v1/deposits', '201'],
  ['get', '/api/v1/deposits', '200'],
  ['get', '/api/v1/deposits/{id}', '200'],
  ['get', '/api/v1/admin/deposits', '200'],
  ['get', '/api/v1/admin/deposits/{id}', '200'],
  ['post', '/api/v1/admin/deposits/{id}/approve', '200'],
  ['post', '/api/v1/admin/deposits/{id}/reject', '200'],
  ['post', '/api/v1/payments/sandbox/webhook', '200'],
  ['get', '/api/v1/payments/sandbox/checkout/{checkoutId}', '200'],
  ['post', '/api/v1/payments/sandbox/checkout/{checkoutId}/pay', '200'],
  ['post', '/api/v1/payments/sandbox/checkout/{checkoutId}/cancel', '200'],
  ['put', '/api/v1/me/real-name', '200'],
  ['get', '/api/v1/me/assets', '200'],
  ['get', '/api/v1/bank-cards', '200'],
  ['post', '/api/v1/bank-cards', '201'],
  ['delete', '/api/v1/bank-cards/{id}', '200'],
  ['get', '/api/v1/wallets', '200'],
  ['post', '/api/v1/wallets', '201'],
  ['delete', '/api/v1/wallets/{id}', '200'],
  ['post', '/api/v1/withdrawals', '201'],
  ['get', '/api/v1/withdrawals', '200'],
  ['get', '/api/v1/admin/withdrawals', '200'],
  ['get', '/api/v1/admin/withdrawals/{id}', '200'],
  ['post', '/api/v1/admin/withdrawals/{id}/pay', '200'],
  ['post', '/api/v1/admin/withdrawals/{id}/reject', '200'],
  ['get', '/api/v1/transactions', '200'],
  ['get', '/api/v1/admin/ledger/audit', '200'],
];

describe('OpenAPI for money', () => {
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

  it('documents the uploads as a multipart file, with its size limit and types', () => {
    const uploads = ROUTES.map(([, path]) => path).filter((path) => /\/upload(s|\w*)$/.test(path));
    expect(uploads).toHaveLength(7);
    for (const path of uploads) {
      const body = paths[path]?.post?.requestBody;
      expect(body, path).toMatchObject({
        required: true,
        content: {
          'multipart/form-data': {
            schema: { required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      });
      for (const text of ['5 MB', 'image/jpeg', 'image/png', 'image/webp'])
        expect(JSON.stringify(body)).toContain(text);
    }
  });

  it('shows request fields and the amount rules', () => {
    const deposit = JSON.stringify(paths['/api/v1/deposits']?.post?.requestBody);
    for (const field of ['offline', 'crypto', 'card', 'depositorName', 'txHash', 'idempotencyKey']) {
      expect(deposit).toContain(field);
    }
    const withdrawal = JSON.stringify(paths['/api/v1/withdrawals']?.post?.requestBody);
    for (const field of ['amount', 'destinationType', 'destinationId', 'paymentPassword']) {
      expect(withdrawal).toContain(field);
    }
    const audit = JSON.stringify(paths['/api/v1/admin/ledger/audit']?.get?.responses?.['200']);
    expect(audit).toContain('totalOfBalances');
  });
});
