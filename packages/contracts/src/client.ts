/**
 * The one typed client, derived from the endpoint declarations: each app gives it a transport (its own
 * fetch with its session, language and error handling) and calls `call(endpoint, input)`. Paths come from
 * the declaration, inputs and answers are typed by its schemas, and where `validate` is on (development and
 * tests) every answer is checked against the declared schema, so a server that drifts from the contract
 * fails loudly in a test rather than quietly in a user's hands.
 */
import type { z } from 'zod';
import {
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type EndpointSpec,
  fillPath,
  type HttpMethod,
} from './endpoint.ts';

/** One request as a transport sends it: the path is filled in and still relative to `/api/v1`. */
export interface TransportRequest {
  method: HttpMethod;
  path: string;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  signal?: AbortSignal;
}

/** Sends a request and resolves with the parsed JSON of a success (undefined when empty), or throws. */
export type Transport = (request: TransportRequest) => Promise<unknown>;

type HasField<S, K extends string> = S extends { readonly [P in K]: z.ZodType } ? true : false;

/** Path parameters and a body are required when the endpoint declares them; a query is always optional. */
export type CallInput<S extends EndpointSpec> = (HasField<S, 'params'> extends true
  ? { params: EndpointParams<S> }
  : { params?: undefined }) &
  (HasField<S, 'body'> extends true ? { body: EndpointBody<S> } : { body?: undefined }) &
  (HasField<S, 'query'> extends true ? { query?: EndpointQuery<S> } : { query?: undefined }) & {
    signal?: AbortSignal;
  };

export type CallArgs<S extends EndpointSpec> =
  HasField<S, 'params'> extends true
    ? [input: CallInput<S>]
    : HasField<S, 'body'> extends true
      ? [input: CallInput<S>]
      : [input?: CallInput<S>];

/** An answer that does not match its declared schema: the server and the contract disagree. */
export class ContractViolationError extends Error {
  constructor(
    readonly endpoint: EndpointSpec,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(
      `${endpoint.method} ${endpoint.path} answered outside its contract: ${issues
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ')}`,
    );
    this.name = 'ContractViolationError';
  }
}

export interface ApiClient {
  call<S extends EndpointSpec>(endpoint: S, ...args: CallArgs<S>): Promise<EndpointResponse<S>>;
}

export function createApiClient(transport: Transport, options: { validate: boolean }): ApiClient {
  return {
    async call<S extends EndpointSpec>(endpoint: S, ...[input]: CallArgs<S>): Promise<EndpointResponse<S>> {
      const answer = await transport({
        method: endpoint.method,
        path: fillPath(endpoint.path, input?.params ?? undefined),
        ...(input?.query ? { query: input.query } : {}),
        ...(input?.body !== undefined ? { body: input.body } : {}),
        ...(input?.signal ? { signal: input.signal } : {}),
      });
      if (!options.validate) return answer as EndpointResponse<S>;
      const parsed = endpoint.response.safeParse(answer);
      if (!parsed.success) throw new ContractViolationError(endpoint, parsed.error.issues);
      return parsed.data as EndpointResponse<S>;
    },
  };
}
