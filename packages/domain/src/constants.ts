/**
 * Business constants from spec §9 and the limits decided in DESIGN §8. One place, imported by the server,
 * the web app and the console; the server lets configuration override the operator-facing limits.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
export const SOCKET_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 60_000;
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;
export const ROUTE_LOADING_TIMEOUT_MS = 60_000;
export const ROUTE_LOADING_VIEW_DELAY_MS = 200;
export const SOCKET_RECONNECT_CHECK_MS = 3_000;
export const VERIFICATION_CODE_RESEND_SECONDS = 60;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 10 * 60;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const TOAST_DURATION_MS = 2_000;
export const DEBOUNCE_MS = 500;
export const LOGIN_PASSWORD_MIN = 6;
export const LOGIN_PASSWORD_MAX = 18;
export const PAYMENT_PASSWORD_LENGTH = 6;
export const TIME_FORMAT = 'yyyy.MM.dd HH:mm:ss';
export const JUST_NOW_SECONDS = 5 * 60;
export const CURRENCY_SYMBOL = '$';
export const CURRENCY_CODE = 'USD';
export const APP_VERSION = '2.5.3';
export const APP_VERSION_CODE = 253;

export const CAPTCHA_TTL_SECONDS = 2 * 60;
export const LOGIN_FAILURES_BEFORE_LOCK = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_LOCK_SECONDS = 15 * 60;
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

export const ACCOUNT_MIN = 4;
export const ACCOUNT_MAX = 32;
export const EMAIL_MAX = 254;
export const NICKNAME_MAX = 32;
export const INVITATION_CODE_LENGTH = 8;
export const DEFAULT_CREDIT_SCORE = 100;
