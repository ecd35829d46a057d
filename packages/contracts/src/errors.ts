/**
 * Every error code the API can return, defined once: its HTTP status and the i18n key of its message.
 * The server answers `{ error: { code, message, details? } }` with the message translated for the
 * request's Accept-Language; the web app translates the same key itself when it has the code.
 */
import { z } from 'zod';

export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  INVALID_CAPTCHA: 400,
  INVALID_CREDENTIALS: 401,
  LOGIN_LOCKED: 429,
  ACCOUNT_FROZEN: 403,
  ACCOUNT_TAKEN: 409,
  EMAIL_TAKEN: 409,
  INVITATION_CODE_UNKNOWN: 400,
  PASSWORDS_DO_NOT_MATCH: 400,
  WRONG_PASSWORD: 400,
  VERIFICATION_CODE_INVALID: 400,
  RESEND_TOO_SOON: 429,
  PAYMENT_PASSWORD_REQUIRED: 400,
  INSUFFICIENT_FUNDS: 400,
  EXCEEDS_WITHDRAWABLE: 400,
  DEPOSIT_BELOW_MINIMUM: 400,
  DEPOSIT_ABOVE_MAXIMUM: 400,
  WITHDRAWAL_BELOW_MINIMUM: 400,
  WITHDRAWAL_ABOVE_MAXIMUM: 400,
  WITHDRAWAL_DAILY_LIMIT: 429,
  PAYMENT_PASSWORD_WRONG: 400,
  PAYMENT_PASSWORD_LOCKED: 429,
  IDEMPOTENCY_CONFLICT: 409,
  REAL_NAME_REQUIRED: 400,
  REAL_NAME_ALREADY_SET: 409,
  PAYEE_MISMATCH: 400,
  CARD_DUPLICATE: 409,
  WALLET_DUPLICATE: 409,
  CARD_PAYMENT_UNAVAILABLE: 400,
  NOT_PENDING: 409,
  UPLOAD_INVALID: 400,
  WEBHOOK_SIGNATURE_INVALID: 401,
  WEBHOOK_REPLAYED: 409,
  WEBHOOK_AMOUNT_MISMATCH: 400,
  ROUND_NOT_OPEN: 409,
  ENTRY_MINIMUM_NOT_MET: 403,
  STAKE_BELOW_MINIMUM: 400,
  STAKE_ABOVE_MAXIMUM: 400,
  ROOM_PAUSED: 409,
  TX_HASH_USED: 409,
  TOTP_REQUIRED: 401,
  TOTP_INVALID: 401,
  UNKNOWN_COMMAND: 400,
  UNKNOWN_TOPIC: 400,
  PASSWORD_RESET_REQUIRED: 403,
  /** A money decision by an operator without two-factor authentication: they must enrol first. */
  TWO_FACTOR_REQUIRED: 403,
  /** A player's own limit (docs/decisions/0032-play-limits.md): which one, its amount, when it resets. */
  PLAY_LIMIT_DEPOSIT_DAY: 403,
  PLAY_LIMIT_DEPOSIT_WEEK: 403,
  PLAY_LIMIT_DEPOSIT_MONTH: 403,
  PLAY_LIMIT_LOSS_DAY: 403,
  PLAY_LIMIT_LOSS_WEEK: 403,
  PLAY_LIMIT_LOSS_MONTH: 403,
  PLAY_LIMIT_STAKE_ROUND: 403,
  /** A cool-off or self-exclusion runs: no positions nor deposits until it ends. */
  PLAY_BREAK_RUNNING: 403,
  /** A new break must end after the one running. */
  PLAY_BREAK_SHORTER: 409,
  /** Nobody lifts a break early. */
  PLAY_BREAK_LOCKED: 403,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const errorCodeList = Object.keys(ERROR_CODES) as ErrorCode[];

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CODES[code];
}

/** The i18n key of a code's message, in the shared catalogue (`src/i18n/<locale>.json`). */
export function errorMessageKey(code: ErrorCode): `errors.${ErrorCode}` {
  return `errors.${code}`;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export const errorDetailSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodeList as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
    retryAfterSeconds: z.number().int().optional(),
    /** Values interpolated into the message (`{{amount}}`), for a client that translates the code itself. */
    params: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
