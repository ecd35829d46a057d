/**
 * Registers a route from its contract declaration (packages/contracts, `endpoint()`): method, path, the
 * schemas that parse the request and serialise (and so check) the answer, the OpenAPI summary, tags and
 * security, and the guard (guards/access-guards.ts: who may call, as the declaration's access fields say)
 * all come from the declaration; a route file adds only its rate limit and its handler.
 */
import {
  type EndpointSpec,
  type ErrorCode,
  endpointErrors,
  errorBodySchema,
  httpStatusOf,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
} from '@tradehall/contracts';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from 'fastify';
import { z } from 'zod';
import { guardOf } from './guards/access-guards.ts';
import { notModifiedResponse, withEtag } from './shared-read-reply.ts';

/** A request whose params, query and body the route's schemas have already parsed. */
export type EndpointRequest<S extends EndpointSpec> = FastifyRequest<{
  Params: ParsedParams<S>;
  Querystring: ParsedQuery<S>;
  Body: ParsedBody<S>;
}>;

/** What a handler may answer: the success body as the schema takes it in, or the reply it sent itself. */
export type EndpointAnswer<S extends EndpointSpec> = z.input<S['response']> | FastifyReply;

export interface EndpointRoute<S extends EndpointSpec> {
  /** Per-route settings of plugins (the rate limit). */
  config?: FastifyContextConfig;
  /**
   * The handler answers a body the server built itself (or stored): it is sent as JSON without being
   * checked against the response schema again, for a hot path where that check is a measurable cost.
   */
  uncheckedAnswer?: true;
  handler(request: EndpointRequest<S>, reply: FastifyReply): Promise<EndpointAnswer<S>>;
}

const SECURITY: Record<EndpointSpec['access'], readonly Record<string, string[]>[] | undefined> = {
  public: undefined,
  optional: [{}, { bearer: [] }],
  user: [{ bearer: [] }],
  'user-or-operator': [{ bearer: [] }, { operatorBearer: [] }],
  operator: [{ operatorBearer: [] }],
};

export function route<S extends EndpointSpec>(
  app: FastifyInstance,
  spec: S,
  options: EndpointRoute<S>,
): void {
  const security = SECURITY[spec.access];
  const guard = guardOf(app, spec);
  const schema: FastifySchema = {
    tags: [...spec.tags],
    summary: spec.summary,
    ...(security ? { security: security.map((entry) => ({ ...entry })) } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    // The multipart body itself is documented by the OpenAPI transform (platform/openapi-transform.ts): a body
    // schema here would be checked against the parsed body, which a multipart request does not have.
    ...(spec.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response: endpointResponses(spec),
  };
  app.route({
    method: spec.method,
    url: spec.path,
    schema,
    // A guard is an async onRequest hook that never needs the reply.
    ...(guard ? { onRequest: guard } : {}),
    // Fastify still sets the JSON content type for a body serialised by the route's own compiler.
    ...(options.uncheckedAnswer ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) } : {}),
    config: { ...options.config, endpoint: spec },
    handler: async (request, reply) => {
      if (spec.status !== 200) reply.code(spec.status);
      // The schemas above parsed params, query and body before this runs: their types are the schemas'.
      return options.handler(request as unknown as EndpointRequest<S>, reply);
    },
  });
}

/** A bodiless answer: an undefined schema is documented without content. */
const noContent = z.undefined().meta({ description: 'No content' });

/**
 * Every answer a declaration allows, as OpenAPI documents it and Fastify serialises it: the success
 * (no content for a 204; its media types when not JSON; its ETag and the 304 when conditional), and one
 * error answer per status its error codes have (endpointErrors: its own and those of its input and
 * access), each naming those codes.
 */
export function endpointResponses(spec: EndpointSpec): Record<string, unknown> {
  return { ...successResponses(spec), ...errorResponsesOf(spec) };
}

function successResponses(spec: EndpointSpec): Record<string, unknown> {
  if (spec.status === 204) return { 204: noContent };
  const answer = spec.conditional ? withEtag(spec.response) : spec.response;
  const success = spec.produces
    ? { content: Object.fromEntries(spec.produces.map((type) => [type, { schema: answer }])) }
    : answer;
  return { [spec.status]: success, ...(spec.conditional ? { 304: notModifiedResponse } : {}) };
}

function errorResponsesOf(spec: EndpointSpec): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of endpointErrors(spec)) {
    const status = httpStatusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [status, errorBodySchema.describe(`Error codes: ${codes.join(', ')}`)]),
  );
}
