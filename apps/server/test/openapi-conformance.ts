/**
 * Checks an answer of the server against the OpenAPI document it generates (GET /api/docs/json, built
 * from the endpoint declarations): the operation declares the status, the Content-Type is one the status
 * declares (and a status that declares no content has no body), a JSON body is valid against the
 * declared schema, a redirect names its Location, and a declared header that is sent has the declared form.
 * The integration harness checks every answer its test apps give with it (conformance-watch.ts), and so
 * do the journeys (e2e/support/openapi-watch.ts), so a document that says one thing while the server does
 * another fails a test instead of a client built from the document.
 *
 * In scope is every request whose method and path match an operation of the document. Left out, and why:
 * - paths no operation has: the built web app and console (static files, not API answers), /ws and
 *   /socket.io (upgraded connections, no HTTP answer to check), the docs pages themselves (/api/docs, which
 *   the document leaves out), and paths nothing serves (the not-found answer of no operation);
 * - OPTIONS: CORS preflights, answered by the CORS plugin for any path rather than by an operation.
 * A HEAD request is checked as its GET (Fastify answers it from the GET route), without a body.
 *
 * Imports nothing from the server, so the journeys can use it as it is.
 */
import { Ajv, type ErrorObject, type SchemaObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** One answer as a client received it, its body already decoded of any Content-Encoding. */
export interface ObservedResponse {
  method: string;
  /** The request's path (and query), as sent. */
  url: string;
  status: number;
  headers: Readonly<Record<string, string | string[] | number | undefined>>;
  /** Null when the client could not read it (a browser page gone first): the rest is still checked. */
  body: Uint8Array | null;
}

interface MediaObject {
  schema?: SchemaObject;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
  headers?: Record<string, { schema?: SchemaObject }>;
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, OperationObject>>;
  components?: Record<string, unknown>;
}

/** An answer that the document does not describe: which operation, which status, what differed. */
export class OpenApiMismatchError extends Error {
  override name = 'OpenApiMismatchError';
}

export interface ConformanceChecker {
  /** Whether an operation of the document answers this method and path (the rest is not checked). */
  covers(method: string, url: string): boolean;
  /** What differs between the answer and the document, or null if nothing does (or it is out of scope). */
  mismatch(response: ObservedResponse): string | null;
  /** Throws an OpenApiMismatchError saying what differs, if anything does. */
  assert(response: ObservedResponse): void;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REPORTED_ERRORS = 5;

interface PathEntry {
  template: string;
  pattern: RegExp;
  /** Literal segments first: `/notifications/read-all` wins over `/notifications/{id}`, as in the router. */
  literals: number;
  item: Record<string, OperationObject>;
}

export function conformanceChecker(document: unknown): ConformanceChecker {
  const doc = document as OpenApiDocument;
  const entries = pathEntries(doc);
  // Per document, by where the schema is; compiled once per process for every document that has it.
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: SchemaObject): ValidateFunction => {
    let validate = validators.get(key);
    if (!validate) {
      // Component references (#/components/...) resolve against the document's components.
      // The description says which error codes a status has: the same schema for validation.
      const { description: _, ...rules } = toJsonSchema(schema);
      validate = compiled({ ...rules, components: toJsonSchema(doc.components ?? {}) });
      validators.set(key, validate);
    }
    return validate;
  };

  const operationOf = (method: string, url: string) => {
    if (method === 'OPTIONS') return undefined;
    const path = url.split('?')[0] ?? url;
    const operationMethod = method === 'HEAD' ? 'get' : method.toLowerCase();
    const entry = entries.find(
      (candidate) => candidate.pattern.test(path) && candidate.item[operationMethod],
    );
    const operation = entry?.item[operationMethod];
    return entry && operation ? { entry, operation, operationMethod } : undefined;
  };

  const mismatch = (response: ObservedResponse): string | null => {
    const method = response.method.toUpperCase();
    const found = operationOf(method, response.url);
    if (!found) return null;
    const { entry, operation, operationMethod } = found;
    const name = `${operationMethod.toUpperCase()} ${entry.template}`;
    const declared = operation.responses ?? {};
    const statusKey = [String(response.status), `${String(response.status)[0]}XX`, 'default'].find(
      (key) => declared[key] !== undefined,
    );
    const answer = statusKey === undefined ? undefined : declared[statusKey];
    const where = `${name} -> ${response.status} (request ${method} ${response.url})`;
    if (!statusKey || !answer) {
      return `${where}: status ${response.status} is not declared (declared: ${Object.keys(declared).join(', ')})`;
    }
    const problem =
      headerProblem(response, answer, (key, schema) =>
        validatorFor(`${name} ${statusKey} header ${key}`, schema),
      ) ??
      bodyProblem(response, method === 'HEAD' ? null : response.body, answer, (type, schema) =>
        validatorFor(`${name} ${statusKey} ${type}`, schema),
      );
    return problem === null ? null : `${where}: ${problem}`;
  };

  return {
    covers: (method, url) => operationOf(method.toUpperCase(), url) !== undefined,
    mismatch,
    assert(response) {
      const found = mismatch(response);
      if (found !== null) throw new OpenApiMismatchError(`OpenAPI mismatch: ${found}`);
    },
  };
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const compiledByText = new Map<string, ValidateFunction>();

/**
 * Compiling is the checker's one real cost (milliseconds a schema, and the suites build many apps, each
 * with its document): a schema is compiled once per process, found again by its text.
 */
function compiled(schema: SchemaObject): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = compiledByText.get(text);
  if (!validate) {
    validate = ajv.compile(schema);
    compiledByText.set(text, validate);
  }
  return validate;
}

function pathEntries(doc: OpenApiDocument): PathEntry[] {
  return Object.entries(doc.paths ?? {})
    .map(([template, item]) => {
      const segments = template.split('/').filter((segment) => segment !== '');
      const source = segments
        .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : escapeRegExp(segment)))
        .join('/');
      return {
        template,
        pattern: new RegExp(`^/${source}$`),
        literals: segments.filter((segment) => !segment.startsWith('{')).length,
        item,
      };
    })
    .sort((a, b) => b.literals - a.literals);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function headerValue(response: ObservedResponse, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function headerProblem(
  response: ObservedResponse,
  answer: ResponseObject,
  validator: (key: string, schema: SchemaObject) => ValidateFunction,
): string | null {
  if (REDIRECTS.has(response.status) && headerValue(response, 'location') === undefined) {
    return 'a redirect without a Location header';
  }
  for (const [name, header] of Object.entries(answer.headers ?? {})) {
    const value = headerValue(response, name);
    if (value === undefined || !header.schema) continue;
    const validate = validator(name, header.schema);
    if (!validate(value)) return `header ${name}: "${value}" ${describeErrors(validate.errors)}`;
  }
  return null;
}

/**
 * The body and its Content-Type. Without a body to check (a HEAD answer has the GET's Content-Type and
 * none; a browser may not have read it), the Content-Type still is.
 */
function bodyProblem(
  response: ObservedResponse,
  body: Uint8Array | null,
  answer: ResponseObject,
  validator: (type: string, schema: SchemaObject) => ValidateFunction,
): string | null {
  const declaredTypes = Object.keys(answer.content ?? {});
  if (declaredTypes.length === 0) {
    return body === null || body.length === 0
      ? null
      : `a ${body.length}-byte body, but the status declares no content`;
  }
  const contentType = headerValue(response, 'content-type');
  if (contentType === undefined) {
    return `no Content-Type header (declared: ${declaredTypes.join(', ')})`;
  }
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const declaredType = declaredTypes.find((type) => mediaTypeMatches(type.toLowerCase(), mediaType));
  if (declaredType === undefined) {
    return `Content-Type ${contentType} is not declared (declared: ${declaredTypes.join(', ')})`;
  }
  const schema = answer.content?.[declaredType]?.schema;
  if (body === null || !isJson(declaredType) || !schema) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return `the body is not JSON (${body.length} bytes), though ${declaredType} is declared`;
  }
  const validate = validator(declaredType, schema);
  return validate(parsed) ? null : `the body ${describeErrors(validate.errors)}; body: ${clip(parsed)}`;
}

function mediaTypeMatches(declared: string, actual: string): boolean {
  if (declared === '*/*' || declared === actual) return true;
  return declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1));
}

function isJson(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

function describeErrors(errors: readonly ErrorObject[] | null | undefined): string {
  const listed = (errors ?? []).slice(0, MAX_REPORTED_ERRORS).map((error) => {
    const allowed = 'allowedValues' in error.params ? ` ${JSON.stringify(error.params.allowedValues)}` : '';
    const extra = 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : '';
    return `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}${allowed}${extra}`;
  });
  return `does not match the declared schema: ${listed.join('; ')}`;
}

function clip(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * OpenAPI 3.0 schemas as Ajv's JSON Schema reads them: 3.0 writes an exclusive bound as a boolean beside
 * minimum/maximum, JSON Schema as the bound itself. Ajv reads 3.0's `nullable` beside a `type`; without
 * one it has no effect in 3.0 (the schema takes any value already), and Ajv refuses it, so it goes.
 */
function toJsonSchema<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => toJsonSchema(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) result[key] = toJsonSchema(child);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof result[flag] !== 'boolean') continue;
    if (result[flag] === true) result[flag] = result[bound];
    else delete result[flag];
    if (result[flag] !== undefined) delete result[bound];
  }
  if (result.nullable !== undefined && result.type === undefined) delete result.nullable;
  return result as T;
}
