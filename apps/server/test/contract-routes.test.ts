/**
 * The API is the contract: every route under /api/v1 is registered from a declaration in
 * packages/contracts (endpoints/), every declaration is served exactly once at its method and path, and
 * what a declaration says about access holds over the whole route table: each caller the declaration
 * does not admit (no session, the other side's session, an operator of another role, an operator without
 * two-factor) is refused with its code before anything is read, the callers it admits get through, and a
 * `public` endpoint never asks for a token. The guard comes from the declaration (route() looks it up),
 * so this checks the guards themselves; step-up is driven endpoint by endpoint in step-up.test.ts.
 */

import type { EndpointSpec, ErrorCode } from '@tradehall/contracts';
import * as endpointGroups from '@tradehall/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type RegisteredRoute } from '../src/app.ts';
import { createLogger } from '../src/platform/logger.ts';
import { adminToken, newOperator } from './admin-support.ts';
import { API, createTestApp, DEMO, loginToken, type TestApp } from './harness.ts';

const SOME_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

/** Routes under /api/v1 that are not part of the app's contract, and why. */
const WEBHOOK =
  "called by the payment gateway, not by an app; its body is the provider's, verified by signature";
const SANDBOX = "the sandbox card gateway's own checkout page, served beside the API in demo and tests only";
const OUTSIDE_THE_CONTRACT = new Map<string, string>([
  [`POST ${API}/payments/sandbox/webhook`, WEBHOOK],
  [`GET ${API}/payments/sandbox/checkout/:checkoutId`, SANDBOX],
  [`POST ${API}/payments/sandbox/checkout/:checkoutId/pay`, SANDBOX],
  [`POST ${API}/payments/sandbox/checkout/:checkoutId/cancel`, SANDBOX],
]);

const declarations: EndpointSpec[] = Object.values(endpointGroups).flatMap((group) =>
  Object.values(group as Record<string, EndpointSpec>),
);
const key = (method: string, url: string) => `${method} ${url}`;

/** Who calls: no session, a user, an operator of the plain role and an admin, neither with two-factor on. */
type Caller = 'anonymous' | 'user' | 'operator' | 'admin';
const CALLERS: readonly Caller[] = ['anonymous', 'user', 'operator', 'admin'];

/**
 * What the access rules (packages/contracts endpoint.ts) answer `caller` on `spec` before its body is
 * read: the refusal's code, or null when the caller is let through.
 */
function refusal(spec: EndpointSpec, caller: Caller): ErrorCode | null {
  switch (spec.access) {
    case 'public':
    case 'optional':
      return null;
    case 'user':
      return caller === 'user' ? null : 'UNAUTHENTICATED';
    case 'user-or-operator':
      return caller === 'anonymous' ? 'UNAUTHENTICATED' : null;
    case 'operator':
      if (caller === 'anonymous') return 'UNAUTHENTICATED';
      if (caller === 'user') return 'FORBIDDEN';
      if (spec.role === 'admin' && caller !== 'admin') return 'FORBIDDEN';
      if (spec.secondFactor === 'enrolled') return 'TWO_FACTOR_REQUIRED';
      return null;
  }
}

describe('the route table and the contract', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let apiRoutes: RegisteredRoute[];
  const tokens = new Map<Caller, string>();
  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite' });
    const built = await buildApp({ config: t.config, services: t.services, logger: createLogger('silent') });
    app = built.app;
    // HEAD routes are Fastify's automatic twins of the GET routes.
    apiRoutes = built.routes.filter((route) => route.url.startsWith(`${API}/`) && route.method !== 'HEAD');
    await app.ready();
    // The demo admin has no second factor; neither has a new operator.
    const admin = await adminToken(t);
    tokens.set('admin', admin);
    tokens.set('operator', (await newOperator(t, admin, 'operator')).token);
    tokens.set('user', await loginToken(t, DEMO.user.account, DEMO.user.password));
  });

  /** `route` called by `caller` with a well-formed id for every parameter and an empty body. */
  const send = (route: RegisteredRoute, caller: Caller) => {
    const token = tokens.get(caller);
    return app.inject({
      method: route.method as 'GET',
      url: route.url.replace(/:[A-Za-z]\w*/g, SOME_ID),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    });
  };
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('registers every API route from a declaration', () => {
    const undeclared = apiRoutes
      .filter((route) => route.endpoint === undefined)
      .map((route) => key(route.method, route.url))
      .filter((route) => !OUTSIDE_THE_CONTRACT.has(route));
    expect(undeclared).toEqual([]);
  });

  it('serves every declaration once, at its method and path', () => {
    const served = apiRoutes.map((route) => key(route.method, route.url));
    const missing = declarations.filter((spec) => !served.includes(key(spec.method, `${API}${spec.path}`)));
    expect(missing.map((spec) => key(spec.method, spec.path))).toEqual([]);
    const registrations = apiRoutes
      .filter((route) => route.endpoint !== undefined)
      .map((route) => route.endpoint);
    expect(new Set(registrations).size).toBe(registrations.length);
    expect(registrations.length).toBe(declarations.length);
  });

  it('refuses every caller a declaration does not admit, with its code, before reading anything', async () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const route of apiRoutes) {
      const spec = route.endpoint;
      if (!spec) continue;
      for (const caller of CALLERS) {
        const expected = refusal(spec, caller);
        if (expected === null) continue;
        refused += 1;
        const response = await send(route, caller);
        const code = (response.json() as { error?: { code?: string } }).error?.code;
        if (code !== expected)
          wrong.push(`${key(route.method, route.url)} as ${caller}: ${code}, not ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every level is met: sessions of either side, the admin role and the second factor.
    expect(refused).toBeGreaterThan(150);
  });

  it('lets every caller a declaration admits through its guard (the reads)', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes) {
      const spec = route.endpoint;
      // Reads only: an admitted caller runs the handler, and a write would change what other checks see.
      if (!spec || route.method !== 'GET') continue;
      for (const caller of CALLERS) {
        if (refusal(spec, caller) !== null) continue;
        const response = await send(route, caller);
        if (response.statusCode === 401 || response.statusCode === 403)
          wrong.push(`${key(route.method, route.url)} as ${caller}: ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('asks no token of a public endpoint', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes) {
      const spec = route.endpoint;
      if (!spec || (spec.access !== 'public' && spec.access !== 'optional')) continue;
      const response = await send(route, 'anonymous');
      if (response.statusCode === 401) wrong.push(key(route.method, route.url));
    }
    expect(wrong).toEqual([]);
  });
});
