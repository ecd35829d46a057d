/**
 * One API endpoint, declared once: method, path (relative to `/api/v1`, `:name` for a path parameter), who
 * may call it, the schemas of its path parameters, query and body, its success status and answer, and the
 * error codes it can answer besides the ones any endpoint can (ALWAYS_POSSIBLE_ERRORS and, when it takes
 * input or a session, their codes). The server registers its routes from these declarations and checks
 * outside production that an error it answers is declared; the clients derive their calls from them.
 */
import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: nobody signed in (`public`), anyone with or without a session (`optional`), a signed-in
 * user (`user`), a signed-in user or an operator (`user-or-operator`, the handler tells which) or an
 * operator (`operator`, whose endpoints may also ask for a role and a second factor). The server guards
 * each route with what its declaration says here, and nothing else.
 */
export type EndpointAccess = 'public' | 'optional' | 'user' | 'user-or-operator' | 'operator';

/**
 * What an operator endpoint asks of the operator's second factor: `enrolled`, two-factor switched on
 * (TWO_FACTOR_REQUIRED otherwise, before the body is read); `step-up`, a current code of it sent in the
 * body's `totpCode`, checked when the endpoint's rules are ready to act (so a typo elsewhere in the body
 * does not use up the code).
 */
export type SecondFactor = 'enrolled' | 'step-up';

export interface EndpointSpec {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly access: EndpointAccess;
  /** Operator endpoints only: the admin role is required (FORBIDDEN for other operators). */
  readonly role?: 'admin';
  /** Operator endpoints only: see SecondFactor. */
  readonly secondFactor?: SecondFactor;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success status (a 204 answer has no body: its response schema is `z.undefined()`). */
  readonly status: 200 | 201 | 202 | 204;
  readonly response: z.ZodType;
  /** The success answer's media types when it is not JSON (an image's bytes). */
  readonly produces?: readonly string[];
  /**
   * The success answer carries an ETag, and a request whose If-None-Match names it is answered
   * 304 Not Modified without a body (reads many clients poll, served from one shared copy).
   */
  readonly conditional?: true;
  /** The body is multipart/form-data with one file (an upload), read by the route rather than a schema. */
  readonly multipart?: MultipartBody;
  /** Codes this endpoint's rules can answer, beyond what endpointErrors adds for every endpoint. */
  readonly errors: readonly ErrorCode[];
}

/** A multipart body: the file's field name, its size limit and the media types it may have. */
export interface MultipartBody {
  readonly field: string;
  readonly maxBytes: number;
  readonly types: readonly string[];
}

/**
 * Rules of the access fields the types can hold: a role or a second factor narrows an operator's access
 * (no other endpoint declares one), and a step-up endpoint's body carries the code, as `totpCode`. A
 * declaration that breaks one misses the property named after the rule.
 */
type AccessRules<S> = (S extends { readonly access: 'operator' }
  ? unknown
  : S extends { readonly role: unknown } | { readonly secondFactor: unknown }
    ? { readonly roleAndSecondFactorAreForOperatorEndpoints: never }
    : unknown) &
  (S extends { readonly secondFactor: 'step-up' }
    ? S extends { readonly body: z.ZodType<infer Body> }
      ? 'totpCode' extends keyof Body
        ? unknown
        : { readonly stepUpBodyHasTotpCode: never }
      : { readonly stepUpBodyHasTotpCode: never }
    : unknown);

export function endpoint<const S extends EndpointSpec>(spec: S & AccessRules<S>): S {
  return spec;
}

/** Answers any endpoint can give: a rate limit, an unreachable database, a bug. */
export const ALWAYS_POSSIBLE_ERRORS = [
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'NOT_FOUND',
] as const satisfies readonly ErrorCode[];
const INPUT_ERRORS = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
] as const satisfies readonly ErrorCode[];
const SESSION_ERRORS = ['UNAUTHENTICATED', 'FORBIDDEN'] as const satisfies readonly ErrorCode[];
/** An operator's session may expire into a forced password change or a missing second factor. */
const OPERATOR_ERRORS = [
  'PASSWORD_RESET_REQUIRED',
  'TWO_FACTOR_REQUIRED',
  'TOTP_REQUIRED',
  'TOTP_INVALID',
] as const satisfies readonly ErrorCode[];

/** Every code an endpoint can answer: its own and those that come with its input and its access. */
export function endpointErrors(spec: EndpointSpec): ReadonlySet<ErrorCode> {
  const codes = new Set<ErrorCode>([...ALWAYS_POSSIBLE_ERRORS, ...spec.errors]);
  if (spec.params || spec.query || spec.body || spec.multipart)
    for (const code of INPUT_ERRORS) codes.add(code);
  // An optional session that is sent but revoked is refused like a required one.
  if (spec.access !== 'public') for (const code of SESSION_ERRORS) codes.add(code);
  if (spec.access === 'operator') for (const code of OPERATOR_ERRORS) codes.add(code);
  return codes;
}

type Field<S, K extends 'params' | 'query' | 'body'> = S extends {
  readonly [P in K]: infer T extends z.ZodType;
}
  ? T
  : undefined;

/** What a client sends: the parsed-before-sending (input) side of each schema. */
export type EndpointParams<S> =
  Field<S, 'params'> extends z.ZodType ? z.input<Field<S, 'params'>> : undefined;
export type EndpointQuery<S> = Field<S, 'query'> extends z.ZodType ? z.input<Field<S, 'query'>> : undefined;
export type EndpointBody<S> = Field<S, 'body'> extends z.ZodType ? z.input<Field<S, 'body'>> : undefined;
/** What a route handler receives, after the server parsed each part. */
export type ParsedParams<S> = Field<S, 'params'> extends z.ZodType ? z.output<Field<S, 'params'>> : undefined;
export type ParsedQuery<S> = Field<S, 'query'> extends z.ZodType ? z.output<Field<S, 'query'>> : undefined;
export type ParsedBody<S> = Field<S, 'body'> extends z.ZodType ? z.output<Field<S, 'body'>> : undefined;
/** The success answer as it travels (JSON) and as a client reads it. */
export type EndpointResponse<S extends EndpointSpec> = z.output<S['response']>;

/** `/deposits/:id` with `{ id }` → `/deposits/<id, URL-encoded>`; a missing parameter is a bug. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`path parameter "${name}" missing for ${path}`);
    return encodeURIComponent(String(value));
  });
}
