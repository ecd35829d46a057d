/**
 * The error model (DESIGN §7): every failure leaves as `{ error: { code, message, details?,
 * retryAfterSeconds?, params? } }` with the status its code defines in contracts and the message
 * translated for the request's language (`{{name}}` placeholders filled from `params`, which are sent
 * along so a client translating the code itself can fill them too). Services throw AppError; anything
 * else becomes INTERNAL without leaking.
 */
import {
  type EndpointSpec,
  type ErrorBody,
  type ErrorCode,
  endpointErrors,
  errorMessageKey,
  httpStatusOf,
} from '@tradehall/contracts';
import type { Locale } from '@tradehall/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale, translate } from './i18n.ts';
import { RequestValidationError } from './validation.ts';

/** A detail names a field and carries the i18n key of what is wrong with it. */
export interface ErrorDetailKey {
  path: string;
  key: string;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly details: ErrorDetailKey[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** Values for the message's placeholders, already formatted (money as "$10.00"). */
  readonly params: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      details?: ErrorDetailKey[];
      retryAfterSeconds?: number;
      params?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(code, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
    this.params = options.params;
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
  }

  get statusCode(): number {
    return httpStatusOf(this.code);
  }
}

export function renderError(error: AppError, locale: Locale): ErrorBody {
  const details = error.details?.map((detail) => ({
    path: detail.path,
    message: translate(locale, detail.key),
  }));
  // For a validation failure the first field's message is the most useful single line to show.
  const message =
    error.code === 'VALIDATION_FAILED' && details?.[0]
      ? details[0].message
      : translate(locale, errorMessageKey(error.code), error.params);
  return {
    error: {
      code: error.code,
      message,
      ...(details && details.length > 0 ? { details } : {}),
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
      ...(error.params === undefined ? {} : { params: error.params }),
    },
  };
}

/** Fastify's own errors mapped to ours by their code. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_NOT_FOUND: 'NOT_FOUND',
};

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof RequestValidationError) {
    return new AppError('VALIDATION_FAILED', { details: error.details, cause: error });
  }
  const fastifyError = error as Partial<FastifyError>;
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return new AppError(mapped, { cause: error });
  // A JSON body the parser refused for prototype poisoning arrives as a plain 400 SyntaxError.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new AppError('MALFORMED_JSON', { cause: error });
  }
  const status = fastifyError.statusCode;
  if (status === 404) return new AppError('NOT_FOUND', { cause: error });
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', { cause: error });
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', { cause: error });
  if (status !== undefined && status >= 400 && status < 500) {
    return new AppError('VALIDATION_FAILED', { cause: error });
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError('SERVICE_UNAVAILABLE', {
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      cause: error,
    });
  }
  return new AppError('INTERNAL', { cause: error });
}

/**
 * What a client is told to wait when the database is away: PostgreSQL restarts in a few seconds and the
 * pool reconnects on the next request, so a short wait is usually enough.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * SQLSTATEs that say "the database cannot serve this now" rather than "this request is wrong": class 08
 * (connection exception) is matched by prefix; these are the rest. 57P01-57P03 are an administrator's
 * terminate, a crash and a server starting or stopping; 57014 a statement cancelled by its timeout;
 * 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '57014', '53300']);

/** Socket-level failures of reaching the database (node's error codes). */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * The pg driver's own messages for a connection that is gone, never came, or did not answer: they carry
 * no code, so the text is all there is.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Cannot use a pool after calling end/,
];

/**
 * Whether an error means the database was unreachable or went away (as opposed to a query the database
 * refused). Follows `cause` chains and AggregateError members (a host name with several addresses fails
 * with one error per address).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) {
    return true;
  }
  if (Array.isArray(errors) && errors.some((member) => isDatabaseUnavailable(member, depth + 1))) {
    return true;
  }
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.statusCode).send(renderError(error, requestLocale(request)));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route was registered from (endpoint-route.ts): answers are checked against it. */
    endpoint?: EndpointSpec;
  }
}

/** Whether `code` is one the route's declaration allows (routes not registered from one allow any). */
function isDeclaredError(request: FastifyRequest, code: ErrorCode): boolean {
  const endpoint = request.routeOptions.config?.endpoint;
  return endpoint === undefined || endpointErrors(endpoint).has(code);
}

/**
 * With `strictContract` (tests and test mode), an error code the route's declaration does not list is
 * answered as INTERNAL and logged: a contract that forgets a code fails the test that meets it, instead of
 * a client meeting a code its author was told could not happen.
 */
export function installErrorHandler(app: FastifyInstance, options: { strictContract: boolean }): void {
  app.setErrorHandler((error, request, reply) => {
    let appError = toAppError(error);
    if (options.strictContract && !isDeclaredError(request, appError.code)) {
      request.log.error(
        { code: appError.code, route: request.routeOptions.url },
        'error code not declared by the endpoint contract',
      );
      appError = new AppError('INTERNAL', { cause: error });
    }
    if (appError.code === 'SERVICE_UNAVAILABLE') {
      // Expected while the database is away: one short line per request, not a stack trace each.
      request.log.warn({ code: appError.code, reason: (error as Error).message }, 'request failed');
    } else if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (!(error instanceof AppError)) {
      request.log.info({ code: appError.code, reason: (error as Error).message }, 'request refused');
    }
    return sendError(request, reply, appError);
  });
}
