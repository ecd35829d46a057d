/**
 * The wall between users and operators, checked over the app's WHOLE route table (Security):
 * every route under /api/v1/admin — whoever registered it, now or later — except the console login
 * refuses a request without a token (401) and one with a user's token (403). And an operator's token is
 * no user token: the user money endpoints refuse it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type RegisteredRoute } from '../src/app.ts';
import { createLogger } from '../src/platform/logger.ts';
import { adminToken } from './admin-support.ts';
import { API, createTestApp, DEMO, DRIVERS, loginToken, type TestApp } from './harness.ts';

const ADMIN_PREFIX = `${API}/admin`;
const PUBLIC_ADMIN_ROUTES = new Set([`POST ${API}/admin/auth/login`]);
const SOME_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

/** A concrete URL for a route pattern: every `:param` becomes a well-formed id. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, SOME_ID);
}

describe.each(DRIVERS)('the admin route table on %s', (driver) => {
  let t: TestApp;
  let app: FastifyInstance;
  let routes: RegisteredRoute[];
  let userToken: string;
  let operatorToken: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    // The same composition as the server, built once more to read the route table it registers.
    const built = await buildApp({ config: t.config, services: t.services, logger: createLogger('silent') });
    app = built.app;
    routes = built.routes;
    await app.ready();
    userToken = await loginToken(t, DEMO.user.account, DEMO.user.password);
    operatorToken = await adminToken(t);
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const send = async (route: RegisteredRoute, token?: string) => {
    const response = await app.inject({
      method: route.method as 'GET',
      url: concrete(route.url),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      // A syntactically valid body for methods that take one: the guard must answer before any check.
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    });
    return response.statusCode;
  };

  it('finds every admin route the console uses in the table', () => {
    const table = new Set(routes.map((route) => `${route.method} ${route.url}`));
    for (const expected of [
      'POST /api/v1/admin/auth/login',
      'GET /api/v1/admin/me',
      'POST /api/v1/admin/auth/totp/enrol',
      'GET /api/v1/admin/audit-log',
      'GET /api/v1/admin/dashboard',
      'POST /api/v1/admin/deposits/:id/approve',
      'POST /api/v1/admin/withdrawals/:id/pay',
      'POST /api/v1/admin/users/:id/freeze',
      'POST /api/v1/admin/users/:id/balance-adjustments',
      'PATCH /api/v1/admin/rooms/:id',
      'POST /api/v1/admin/rooms/:id/chains',
      'GET /api/v1/admin/ledger/trial-balance',
      'GET /api/v1/admin/ledger/transfers',
      'PUT /api/v1/admin/funding/methods',
    ]) {
      expect(table.has(expected), expected).toBe(true);
    }
  });

  it('refuses every admin route without a token (401) and with a user token (403)', async () => {
    const adminRoutes = routes.filter(
      (route) =>
        route.url.startsWith(ADMIN_PREFIX) && !PUBLIC_ADMIN_ROUTES.has(`${route.method} ${route.url}`),
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(35);
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const anonymous = await send(route);
      const asUser = await send(route, userToken);
      if (anonymous !== 401 || asUser !== 403) {
        failures.push(`${route.method} ${route.url}: no token ${anonymous}, user token ${asUser}`);
      }
    }
    console.log(`admin route table: ${adminRoutes.length} routes checked, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });

  it('does not let an operator token act as a user on money (or any user) endpoints', async () => {
    const userRoutes: RegisteredRoute[] = [
      { method: 'POST', url: `${API}/deposits` },
      { method: 'POST', url: `${API}/withdrawals` },
      { method: 'POST', url: `${API}/rounds/:id/positions` },
      { method: 'GET', url: `${API}/me` },
      { method: 'GET', url: `${API}/me/assets` },
      { method: 'GET', url: `${API}/transactions` },
    ];
    for (const route of userRoutes) {
      expect(
        routes.some((entry) => entry.method === route.method && entry.url === route.url),
        route.url,
      ).toBe(true);
      expect([401, 403], `${route.method} ${route.url}`).toContain(await send(route, operatorToken));
    }
  });
});
