/**
 * The conformance checker itself (openapi-conformance.ts): a tiny app registered the way the server
 * registers its routes (route() from a declaration, the real OpenAPI generation) answers wrongly on
 * purpose, and the checker must name the operation, the status and what differed; a right answer and the
 * answers out of its scope pass. The harness's watch fails inject() on such an answer and keeps the first
 * one a listening app sent. Last, every schema of the real server's document compiles, so no
 * operation escapes the check through a schema the validator cannot read.
 */
import { endpoint } from '@tradehall/contracts';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { route } from '../src/platform/endpoint-route.ts';
import { registerOpenApi } from '../src/platform/openapi.ts';
import { zodValidatorCompiler } from '../src/platform/validation.ts';
import { watchConformance } from './conformance-watch.ts';
import { call, createTestApp } from './harness.ts';
import { type ConformanceChecker, conformanceChecker, type ObservedResponse } from './openapi-conformance.ts';

const itemSchema = z.object({ id: z.string(), size: z.number().int(), kind: z.enum(['a', 'b']).nullable() });
const item = { id: 'x1', size: 3, kind: null };

const specs = {
  create: endpoint({
    method: 'POST',
    path: '/items',
    access: 'public',
    tags: ['test'],
    summary: 'Create an item',
    status: 201,
    response: itemSchema,
    errors: ['NOT_PENDING'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/items/:id',
    access: 'public',
    tags: ['test'],
    summary: 'One item',
    params: z.object({ id: z.string() }),
    status: 200,
    response: itemSchema,
    errors: [],
  }),
  latest: endpoint({
    method: 'GET',
    path: '/items/latest',
    access: 'public',
    tags: ['test'],
    summary: 'The latest item',
    status: 200,
    response: z.object({ latest: z.literal(true) }),
    errors: [],
  }),
  clear: endpoint({
    method: 'POST',
    path: '/items/clear',
    access: 'public',
    tags: ['test'],
    summary: 'Clear the items',
    status: 204,
    response: z.undefined(),
    errors: [],
  }),
};

/** How the tiny app answers POST /items: right, or wrong in one way. */
type Behaviour = 'right' | 'wrong-status' | 'wrong-body' | 'no-content-type' | 'text-body';

async function tinyApp(behaviour: { current: Behaviour }): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app);
  route(app, specs.create, {
    handler: async (_request, reply) => {
      switch (behaviour.current) {
        case 'right':
          return item;
        case 'wrong-status':
          return reply.code(202).send(item);
        case 'wrong-body':
          // Past the serialiser's own check, as an unchecked answer is.
          return reply
            .serializer(JSON.stringify)
            .type('application/json')
            .send({ ...item, size: 'three' });
        case 'no-content-type':
          // What POST /rounds/:id/positions did: a custom serialiser, and Fastify sets no Content-Type.
          return reply.serializer(JSON.stringify).send(item);
        case 'text-body':
          return reply.type('text/plain').send('x1');
      }
    },
  });
  route(app, specs.get, { handler: async (request) => ({ ...item, id: request.params.id }) });
  route(app, specs.latest, { handler: async () => ({ latest: true as const }) });
  route(app, specs.clear, { handler: async (): Promise<undefined> => undefined });
  await app.ready();
  return app;
}

function observed(response: LightMyRequestResponse): ObservedResponse {
  return {
    method: response.raw.req.method ?? 'GET',
    url: response.raw.req.url ?? '/',
    status: response.statusCode,
    headers: response.headers,
    body: response.rawPayload,
  };
}

describe('the OpenAPI conformance checker', () => {
  const behaviour: { current: Behaviour } = { current: 'right' };
  let app: FastifyInstance;
  let checker: ConformanceChecker;
  const post = async (as: Behaviour) => {
    behaviour.current = as;
    return checker.mismatch(observed(await app.inject({ method: 'POST', url: '/items' })));
  };

  beforeAll(async () => {
    app = await tinyApp(behaviour);
    checker = conformanceChecker(app.swagger());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('passes an answer as declared', async () => {
    expect(await post('right')).toBeNull();
    expect(checker.mismatch(observed(await app.inject({ method: 'GET', url: '/items/x7' })))).toBeNull();
    expect(checker.mismatch(observed(await app.inject({ method: 'POST', url: '/items/clear' })))).toBeNull();
  });

  it('names a status the operation does not declare', async () => {
    expect(await post('wrong-status')).toMatch(
      /^POST \/items -> 202 \(request POST \/items\): status 202 is not declared \(declared: 201, 404, 409, 429, 500, 503\)$/,
    );
  });

  it('names the field of a body that does not match the schema', async () => {
    expect(await post('wrong-body')).toMatch(
      /^POST \/items -> 201 .*: the body does not match the declared schema: \/size must be integer/,
    );
  });

  it('names a JSON answer sent without its Content-Type', async () => {
    expect(await post('no-content-type')).toMatch(
      /^POST \/items -> 201 .*: no Content-Type header \(declared: application\/json\)$/,
    );
  });

  it('names a Content-Type the status does not declare', async () => {
    expect(await post('text-body')).toMatch(
      /^POST \/items -> 201 .*: Content-Type text\/plain is not declared/,
    );
  });

  it('throws the mismatch from assert, for the harness to fail the test with', async () => {
    behaviour.current = 'wrong-status';
    const response = observed(await app.inject({ method: 'POST', url: '/items' }));
    expect(() => checker.assert(response)).toThrow(/^OpenAPI mismatch: POST \/items -> 202/);
  });

  it('refuses a body on a status that declares no content, and a redirect without its Location', () => {
    const bodyOn204 = {
      method: 'POST',
      url: '/items/clear',
      status: 204,
      headers: {},
      body: Buffer.from('{}'),
    };
    expect(checker.mismatch(bodyOn204)).toMatch(/: a 2-byte body, but the status declares no content$/);
    const tampered = conformanceChecker({
      paths: { '/old': { get: { responses: { '302': { description: 'Moved' } } } } },
    });
    const redirect = { method: 'GET', url: '/old', status: 302, headers: {}, body: Buffer.alloc(0) };
    expect(tampered.mismatch(redirect)).toMatch(
      /^GET \/old -> 302 .*: a redirect without a Location header$/,
    );
    expect(tampered.mismatch({ ...redirect, headers: { location: '/new' } })).toBeNull();
  });

  it('matches a literal path before a template, as the router does', async () => {
    const latest = observed(await app.inject({ method: 'GET', url: '/items/latest' }));
    expect(checker.mismatch(latest)).toBeNull();
    // Checked against /items/{id}, this body would be missing its id.
    expect(checker.mismatch({ ...latest, url: '/items/other' })).toMatch(/^GET \/items\/\{id\} -> 200/);
  });

  it('checks a HEAD as its GET without the body, and leaves out preflights and paths of no operation', () => {
    const none = Buffer.alloc(0);
    expect(
      checker.mismatch({ method: 'HEAD', url: '/items/x', status: 200, headers: {}, body: none }),
    ).toMatch(/no Content-Type header/);
    const head = { 'content-type': 'application/json; charset=utf-8' };
    expect(
      checker.mismatch({ method: 'HEAD', url: '/items/x', status: 200, headers: head, body: none }),
    ).toBeNull();
    expect(
      checker.mismatch({ method: 'OPTIONS', url: '/items', status: 204, headers: {}, body: none }),
    ).toBeNull();
    expect(
      checker.mismatch({ method: 'GET', url: '/index.html', status: 200, headers: {}, body: none }),
    ).toBeNull();
  });
});

describe('the harness watch', () => {
  it('fails an inject() that got a wrong answer, and keeps the first wrong answer sent over a socket', async () => {
    const behaviour: { current: Behaviour } = { current: 'no-content-type' };
    const app = await tinyApp(behaviour);
    try {
      const watch = watchConformance(app);
      await expect(app.inject({ method: 'POST', url: '/items' })).rejects.toThrow(
        /^OpenAPI mismatch: POST \/items -> 201 .*: no Content-Type header/,
      );
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      behaviour.current = 'right';
      expect((await fetch(`${base}/items`, { method: 'POST' })).status).toBe(201);
      behaviour.current = 'wrong-status';
      expect((await (await fetch(`${base}/items`, { method: 'POST' })).json()) as object).toEqual(item);
      behaviour.current = 'wrong-body';
      await (await fetch(`${base}/items`, { method: 'POST' })).text();
      // Checked as each answer leaves the server: wait for the check, then it is the first wrong one.
      await vi.waitFor(() =>
        expect(watch.firstMismatch()).toMatch(/^POST \/items -> 202 .*: status 202 is not declared/),
      );
    } finally {
      await app.close();
    }
  });
});

describe("the server's own document", () => {
  it('has a schema the checker can read for every answer of every operation', async () => {
    const t = await createTestApp({ driver: 'pglite' });
    try {
      type Answers = Record<string, { content?: object }>;
      const document = (
        await call<{ paths: Record<string, Record<string, { responses: Answers }>> }>(
          t,
          'GET',
          '/api/docs/json',
        )
      ).body;
      const checker = conformanceChecker(document);
      let checked = 0;
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          for (const [status, answer] of Object.entries(operation.responses)) {
            if (!answer.content || !('application/json' in answer.content)) continue;
            const code = Number(status.replace('XX', '00'));
            const url = path.replace(/\{[^}]+\}/g, 'x');
            const response = {
              method,
              url,
              status: code,
              headers: { 'content-type': 'application/json' },
              body: Buffer.from('"not the declared shape"'),
            };
            // Compiles the schema (a schema Ajv cannot read throws here) and finds the wrong body.
            expect(checker.mismatch(response), `${method} ${path} ${status}`).toMatch(/does not match/);
            checked += 1;
          }
        }
      }
      expect(checked).toBeGreaterThan(500);
    } finally {
      await t.close();
    }
  });
});
