/**
 * Registers a route from its contract declaration (packages/contracts, `endpoint()`): method, path, the
 * schemas that parse the request and serialise (and so check) the answer, the OpenAPI summary, tags and
 * security all come from the declaration; a route file adds only its guard, its rate limit and its handler.
 */
import {
  type EndpointSpec,
  type ErrorCode,
  endpointErrors,
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
  onRequestHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { errorResponses } from './http.ts';

/** A request whose params, query and body the route's schemas have already parsed. */
export type EndpointRequest<S extends EndpointSpec> = FastifyRequest<{
  Params: ParsedParams<S>;
  Querystring: ParsedQuery<S>;
  Body: ParsedBody<S>;
}>;

/** What a handler may answer: the success body as the schema takes it in, or the reply it sent itself. */
export type EndpointAnswer<S extends EndpointSpec> = z.input<S['response']> | FastifyReply;

/** A guard as route files hold them: rejects by throwing an AppError. */
type Guard = (request: FastifyRequest) => Promise<void>;

export interface EndpointRoute<S extends EndpointSpec> {
  onRequest?: Guard | onRequestHookHandler | readonly (Guard | onRequestHookHandler)[];
  /** Per-route settings of plugins (the rate limit). */
  config?: FastifyContextConfig;
  /** Schema parts the declaration cannot say (a multipart body, a binary answer). */
  schema?: Partial<FastifySchema>;
  handler(request: EndpointRequest<S>, reply: FastifyReply): Promise<EndpointAnswer<S>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route was registered from: the error handler checks answers against it. */
    endpoint?: EndpointSpec;
  }
}

const SECURITY: Record<EndpointSpec['access'], readonly Record<string, string[]>[] | undefined> = {
  public: undefined,
  optional: [{}, { bearer: [] }],
  user: [{ bearer: [] }],
  operator: [{ operatorBearer: [] }],
};

export function route<S extends EndpointSpec>(
  app: FastifyInstance,
  spec: S,
  options: EndpointRoute<S>,
): void {
  const security = SECURITY[spec.access];
  const schema: FastifySchema = {
    tags: [...spec.tags],
    summary: spec.summary,
    description: `Errors: ${[...spec.errors].join(', ') || 'only the common ones'}.`,
    ...(security ? { security: security.map((entry) => ({ ...entry })) } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    response: { [spec.status]: spec.response, ...errorResponses },
    ...options.schema,
  };
  app.route({
    method: spec.method,
    url: spec.path,
    schema,
    ...(options.onRequest ? { onRequest: options.onRequest as onRequestHookHandler } : {}),
    config: { ...options.config, endpoint: spec },
    handler: async (request, reply) => {
      if (spec.status !== 200) reply.code(spec.status);
      // The schemas above parsed params, query and body before this runs: their types are the schemas'.
      return options.handler(request as unknown as EndpointRequest<S>, reply);
    },
  });
}

/** Whether `code` is one the route's declaration allows (routes not registered from one allow any). */
export function isDeclaredError(request: FastifyRequest, code: ErrorCode): boolean {
  const endpoint = request.routeOptions.config?.endpoint;
  return endpoint === undefined || endpointErrors(endpoint).has(code);
}
