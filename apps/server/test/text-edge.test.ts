/**
 * Invalid text is refused at the edge on EVERY route: the route table the app registers (now or later) is
 * walked through its OpenAPI description, and every string it accepts — each JSON body field (nested and
 * in every branch of a union), each query parameter and each path parameter — is sent a NUL byte and a
 * lone surrogate (in a URL, which cannot carry one, a C1 control and the UTF-8 bytes of a surrogate).
 * Each answer is a typed 4xx naming the field, never a 500. Also: tabs and line breaks pass only in the
 * few multi-line fields, over-long path parameters get our error, and multipart names obey the same rule.
 */
import { translateShared } from '@tradehall/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type RegisteredRoute } from '../src/app.ts';
import { createLogger } from '../src/platform/logger.ts';
import { MAX_PATH_PARAM_LENGTH } from '../src/platform/validation.ts';
import {
  API,
  countAllRows,
  createTestApp,
  DEMO,
  DRIVERS,
  type ErrorJson,
  loginToken,
  type TestApp,
} from './harness.ts';
import { multipartBody, PNG_BYTES, operatorToken as twoFactorOperator } from './money.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, unknown>>;
}
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Segment = string | number;

const SOME_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
/** Well-formed values of path parameters that are not ids, so a body is checked past its parameters. */
const PARAM_EXAMPLES: Record<string, string> = { checkoutId: `cs_${'a'.repeat(22)}` };
const REFUSED = translateShared('en', 'validation.controlCharacters');
/** What every JSON string field is sent: each must be refused, naming the field. */
const BAD_JSON_STRINGS: Array<[string, string]> = [
  ['a NUL byte', 'a\u0000b'],
  ['a lone surrogate', 'a\uD800b'],
];
/** The same in a URL: %00, and a C1 control (a URL cannot carry a lone surrogate as UTF-8). */
const BAD_URL_TEXT: Array<[string, string]> = [
  ['a NUL byte', '%00'],
  ['a C1 control', '%C2%85'],
];
/**
 * The UTF-8 bytes of a surrogate are no UTF-8 at all: in a path, a typed 4xx; in a query, the parser keeps
 * them as the literal text `%ED%A0%80`, which is harmless text (never a 500, whatever the route does).
 */
const SURROGATE_BYTES = '%ED%A0%80';
/** The raw body is checked by its signature first: a typed 401, never a field. */
const RAW_BODY_ROUTES = new Set(['POST /api/v1/payments/sandbox/webhook']);
/** The only fields where tabs and line breaks are part of the value. */
// `evidence` holds a reserves statement's proof, such as a signed message, which spans several lines.
const MULTILINE_FIELD_NAMES = new Set(['text', 'content', 'reason', 'evidence']);

const isString = (schema: JsonSchema | undefined): boolean =>
  schema !== undefined && [schema.type].flat().includes('string');

/** Every string leaf of a JSON schema, as a path (array items as index 0), each once. */
function stringPaths(
  schema: JsonSchema | undefined,
  path: Segment[] = [],
  out = new Map<string, Segment[]>(),
) {
  if (!schema) return out;
  if (isString(schema) && path.length > 0) out.set(path.join('.'), path);
  for (const branch of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) {
    stringPaths(branch, path, out);
  }
  for (const [name, inner] of Object.entries(schema.properties ?? {}))
    stringPaths(inner, [...path, name], out);
  if (schema.items) stringPaths(schema.items, [...path, 0], out);
  return out;
}

/** A body holding `value` at `path` and nothing else: the edge must answer before the schema does. */
function bodyWith(path: readonly Segment[], value: string): unknown {
  let body: unknown = value;
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const segment = path[index] as Segment;
    body = typeof segment === 'number' ? [body] : { [segment]: body };
  }
  return body;
}

/** `/rooms/{id}` with each path parameter given (default: a well-formed id). */
function urlOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(
    /\{(\w+)\}/g,
    (_whole, name: string) => params[name] ?? PARAM_EXAMPLES[name] ?? SOME_ID,
  );
}

describe.each(DRIVERS)('invalid text at the edge on %s', (driver) => {
  let t: TestApp;
  let routesApp: FastifyInstance;
  let routes: RegisteredRoute[];
  let paths: Record<string, Record<string, Operation>>;
  let userToken: string;
  let operatorToken: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    // The same composition as the server, built once more to read the route table it registers.
    const built = await buildApp({ config: t.config, services: t.services, logger: createLogger('silent') });
    routesApp = built.app;
    routes = built.routes;
    await routesApp.ready();
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    paths = (JSON.parse(docs.body) as { paths: typeof paths }).paths;
    userToken = await loginToken(t, DEMO.user.account, DEMO.user.password);
    // Every route, money decisions included: an operator with two-factor on.
    operatorToken = await twoFactorOperator(t);
  });
  afterAll(async () => {
    await routesApp?.close();
    await t?.close();
  });

  /** Every documented operation, with the token its security asks for. */
  const operations = () =>
    Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const security = (operation.security ?? []).flatMap((entry) => Object.keys(entry));
        const token = security.includes('bearer')
          ? userToken
          : security.includes('operatorBearer')
            ? operatorToken
            : undefined;
        return { path, method: method.toUpperCase() as Method, operation, token };
      }),
    );

  const send = async (
    method: Method,
    url: string,
    options: { token?: string | undefined; body?: unknown } = {},
  ): Promise<{ status: number; body: ErrorJson }> => {
    const response = await t.app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    });
    return { status: response.statusCode, body: JSON.parse(response.body || '{}') as ErrorJson };
  };

  it('documents every route the app registers, so the walk below misses none', () => {
    const documented = new Set(
      Object.entries(paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const missing = routes
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .filter((route) => !['HEAD', 'OPTIONS'].includes(route.method))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
    expect(documented.size).toBeGreaterThanOrEqual(80);
  });

  it('refuses a NUL byte and a lone surrogate in every string field of every route: typed 4xx naming it', async () => {
    const before = await countAllRows(t);
    const failures: string[] = [];
    let combinations = 0;
    let requests = 0;
    const expectRefused = (
      label: string,
      answer: { status: number; body: ErrorJson },
      field: string | null,
    ) => {
      requests += 1;
      const { status, body } = answer;
      if (status >= 500 || status < 400 || typeof body.error?.code !== 'string') {
        failures.push(`${label}: ${status} ${JSON.stringify(body)}`);
      } else if (
        field !== null &&
        (body.error.code !== 'VALIDATION_FAILED' ||
          !body.error.details?.some((detail) => detail.path === field && detail.message === REFUSED))
      ) {
        failures.push(`${label}: ${status} ${JSON.stringify(body)} does not name ${field}`);
      }
    };

    for (const { path, method, operation, token } of operations()) {
      const route = `${method} ${path}`;
      const parameters = operation.parameters ?? [];
      for (const parameter of parameters.filter((entry) => entry.in === 'path')) {
        combinations += 1;
        for (const [name, text] of BAD_URL_TEXT) {
          const answer = await send(method, urlOf(path, { [parameter.name]: text }), { token });
          expectRefused(`${route} path ${parameter.name} with ${name}`, answer, parameter.name);
        }
        const surrogate = await send(method, urlOf(path, { [parameter.name]: SURROGATE_BYTES }), { token });
        expectRefused(`${route} path ${parameter.name} with surrogate bytes`, surrogate, null);
      }
      for (const parameter of parameters.filter((entry) => entry.in === 'query' && isString(entry.schema))) {
        combinations += 1;
        for (const [name, text] of BAD_URL_TEXT) {
          const answer = await send(method, `${urlOf(path)}?${parameter.name}=${text}`, { token });
          expectRefused(`${route} query ${parameter.name} with ${name}`, answer, parameter.name);
        }
        const surrogate = await send(method, `${urlOf(path)}?${parameter.name}=${SURROGATE_BYTES}`, {
          token,
        });
        requests += 1;
        if (surrogate.status >= 500) failures.push(`${route} query ${parameter.name}: ${surrogate.status}`);
      }
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      for (const [field, fieldPath] of stringPaths(bodySchema)) {
        combinations += 1;
        for (const [name, text] of BAD_JSON_STRINGS) {
          const answer = await send(method, urlOf(path), { token, body: bodyWith(fieldPath, text) });
          expectRefused(
            `${route} body ${field} with ${name}`,
            answer,
            RAW_BODY_ROUTES.has(route) ? null : field,
          );
        }
      }
    }
    console.log(
      `text edge: ${operations().length} operations, ${combinations} route×field combinations, ` +
        `${requests} requests, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(combinations).toBeGreaterThanOrEqual(100);
    expect(await countAllRows(t)).toEqual(before);
  });

  it('lets tabs and line breaks through only in the multi-line fields (messages, notification bodies, reasons)', async () => {
    const multiline: string[] = [];
    for (const { path, method, operation, token } of operations()) {
      const route = `${method} ${path}`;
      if (RAW_BODY_ROUTES.has(route)) continue;
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      for (const [field, fieldPath] of stringPaths(bodySchema)) {
        const { status, body } = await send(method, urlOf(path), {
          token,
          body: bodyWith(fieldPath, 'a\n\tb'),
        });
        expect(status, `${route} ${field}`).toBeLessThan(500);
        const refused = body.error?.details?.some(
          (detail) => detail.path === field && detail.message === REFUSED,
        );
        if (!refused) multiline.push(`${route} ${field}`);
      }
    }
    for (const entry of multiline) {
      expect(MULTILINE_FIELD_NAMES.has(entry.split(' ').at(-1) ?? ''), entry).toBe(true);
    }
    expect(multiline).toEqual(
      expect.arrayContaining([
        'POST /api/v1/support/messages text',
        'POST /api/v1/admin/notifications content',
        'POST /api/v1/admin/deposits/{id}/reject reason',
      ]),
    );
    // A title, a name or a reference is one line.
    const title = await send('POST', `${API}/admin/notifications`, {
      token: operatorToken,
      body: { audience: 'all', title: 'two\nlines', content: 'body\nlines' },
    });
    expect(title.status).toBe(400);
    expect(title.body.error.details).toEqual([{ path: 'title', message: REFUSED }]);
  });

  it('answers an over-long path parameter with our VALIDATION_FAILED, never Fastify’s 414', async () => {
    for (const url of [
      `${API}/rounds/${'a'.repeat(10_000)}`,
      `${API}/deposits/${'a'.repeat(10_000)}`,
      `${API}/fairness/rounds/${'a'.repeat(10_000)}`,
      `${API}/rooms/${'a'.repeat(101)}`,
    ]) {
      const { status, body } = await send('GET', url, { token: userToken });
      expect(status, url.slice(0, 40)).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details).toEqual([{ path: 'id', message: 'This value is not valid' }]);
    }
    // Past what any request line can carry, the router itself refuses: still our format.
    const huge = await t.app.inject({
      method: 'GET',
      url: `${API}/rounds/${'a'.repeat(MAX_PATH_PARAM_LENGTH + 1)}`,
    });
    expect(huge.statusCode).toBe(400);
    expect(JSON.parse(huge.body)).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Please check the highlighted fields' },
    });
    expect(huge.headers['x-content-type-options']).toBe('nosniff');
    // A malformed %-escape in the path, likewise.
    const badEscape = await send('GET', `${API}/rooms/%E0`);
    expect(badEscape.status).toBe(400);
    expect(badEscape.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('checks the names a multipart upload carries: the file name and any field before the file', async () => {
    const before = await countAllRows(t);
    const uploadWith = async (payload: Buffer, headers: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/uploads`,
        headers: { ...headers, authorization: `Bearer ${userToken}` },
        payload,
      });
      return { status: response.statusCode, body: JSON.parse(response.body) as ErrorJson };
    };
    for (const filename of ['a\u0000.png', 'a\u0085.png', 'bell\u0007.png']) {
      const body = multipartBody(PNG_BYTES, { filename });
      const answer = await uploadWith(body.payload, body.headers);
      expect(answer.status, JSON.stringify(filename)).toBe(400);
      expect(answer.body.error.details).toEqual([{ path: 'file', message: REFUSED }]);
    }
    // A field before the file, with a NUL in its value.
    const boundary = '----tradehallfield';
    const field = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\u0000\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const withField = await uploadWith(
      Buffer.concat([field, PNG_BYTES, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    );
    expect(withField.status).toBe(400);
    expect(withField.body.error.details).toEqual([{ path: 'note', message: REFUSED }]);
    // A file part under another name (a NUL in it, say) is no upload at all.
    const wrongName = multipartBody(PNG_BYTES, { field: 'fi\u0000le' });
    expect((await uploadWith(wrongName.payload, wrongName.headers)).body.error.code).toBe('UPLOAD_INVALID');
    expect(await countAllRows(t)).toEqual(before);
    // And a well-named file still goes through (a name in any script).
    const fine = multipartBody(PNG_BYTES, { filename: '收据 2026.png' });
    expect((await uploadWith(fine.payload, fine.headers)).status).toBe(201);
  });
});
