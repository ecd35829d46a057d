/**
 * The error model (DESIGN §7): every failure leaves as `{ error: { code, message, details?,
 * retryAfterSeconds?, params? } }` with the status its code defines in contracts and the message
 * translated for the request's language (`{{name}}` placeholders filled from `params`, which are sent
 * along so a client translating the code itself can fill them too). Services throw AppError; anything
 * else becomes INTERNAL without leaking.
 */
import { type ErrorBody, type ErrorCode, errorMessageKey, httpStatusOf } from '@tradehall/contracts';
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
  return new AppError('INTERNAL', { cause: error });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.statusCode).send(renderError(error, requestLocale(request)));
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (!(error instanceof AppError)) {
      request.log.info({ code: appError.code, reason: (error as Error).message }, 'request refused');
    }
    return sendError(request, reply, appError);
  });
}
