/**
 * The API is the contract: every route under /api/v1 is registered from a declaration in
 * packages/contracts (endpoints/), every declaration is served exactly once at its method and path, and
 * what a declaration says about access holds: a `user` or `operator` endpoint refuses a request without a
 * token (401) before it reads anything, and a `public` one never asks for one.
 */

import type { EndpointSpec } from '@tradehall/contracts';
import * as endpointGroups from '@tradehall/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type RegisteredRoute } from '../src/app.ts';
import { createLogger } from '../src/platform/logger.ts';
import { API, createTestApp, type TestApp } from './harness.ts';

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

describe('the route table and the contract', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let apiRoutes: RegisteredRoute[];
  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite' });
    const built = await buildApp({ config: t.config, services: t.services, logger: createLogger('silent') });
    app = built.app;
    // HEAD routes are Fastify's automatic twins of the GET routes.
    apiRoutes = built.routes.filter((route) => route.url.startsWith(`${API}/`) && route.method !== 'HEAD');
    await app.ready();
  });
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

  it('refuses a request without a token where the declaration asks for a session', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes) {
      const spec = route.endpoint;
      if (!spec || spec.access === 'public' || spec.access === 'optional') continue;
      const response = await app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:[A-Za-z]\w*/g, SOME_ID),
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
      });
      if (response.statusCode !== 401)
        wrong.push(`${key(route.method, route.url)} -> ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('asks no token of a public endpoint', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes) {
      const spec = route.endpoint;
      if (!spec || (spec.access !== 'public' && spec.access !== 'optional')) continue;
      const response = await app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:[A-Za-z]\w*/g, SOME_ID),
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
      });
      if (response.statusCode === 401) wrong.push(key(route.method, route.url));
    }
    expect(wrong).toEqual([]);
  });
});
