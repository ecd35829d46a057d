/**
 * The one HTTP client: base `/api/v1`, JSON both ways, a 30 s time limit (REQUEST_TIMEOUT_MS), the stored
 * token as `Authorization: Bearer`, the current locale as `Accept-Language` (the server translates its
 * error messages with it). Failures become an ApiError carrying the server's code and translated message.
 * A FormData body (an upload) is sent as multipart, as is, with the longer UPLOAD_TIMEOUT_MS.
 * A 401 UNAUTHENTICATED (revoked or expired session) clears the stored session and hands over to the
 * registered handler, which sends the user to login. Each response's `Date` header feeds the server
 * clock (lib/server-clock.ts). Requests go to the server line in use (lib/storage.ts): a path on this
 * page's own origin when that is the line, else the line's origin, which answers CORS for this app.
 */
import type { EndpointResponse, EndpointSpec, ErrorCode } from '@tradehall/contracts';
import { createApiClient } from '@tradehall/contracts/client';
import { REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '@tradehall/domain';
import { currentLocale, i18n } from './i18n.ts';
import { serverClock } from './server-clock.ts';
import { clearSession, getServerLine, getToken } from './storage.ts';

export const API_BASE = '/api/v1';

/** Failures that never reach the server get their own codes; everything else is a contract code. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export interface ApiErrorDetail {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: ApiErrorDetail[];
  readonly retryAfterSeconds: number | undefined;
  /** Values the server interpolated into `message` (`{amount: "$10.00"}`). */
  readonly params: Record<string, string>;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    details?: ApiErrorDetail[];
    retryAfterSeconds?: number;
    params?: Record<string, string>;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.params = init.params ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type UnauthenticatedHandler = () => void;
let onUnauthenticated: UnauthenticatedHandler = () => {};

/** The app registers where a lost session goes (login, with a way back); lib stays router-agnostic. */
export function setUnauthenticatedHandler(handler: UnauthenticatedHandler): void {
  onUnauthenticated = handler;
}

export type QueryValue = unknown;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * The origin requests go to: '' (this page's own) when no line was chosen or the chosen one is this
 * page's origin, so the common case stays a same-origin request without a CORS preflight.
 */
export function lineOrigin(): string {
  const line = getServerLine();
  if (line === null || typeof window === 'undefined' || line === window.location.origin) return '';
  return line;
}

export function buildApiUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return `${lineOrigin()}${API_BASE}${path}${text ? `?${text}` : ''}`;
}

/** Status codes of responses that are not our JSON error body (a proxy page, an empty 502...). */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return 'INTERNAL';
  }
}

function parseErrorBody(status: number, body: unknown): ApiError {
  const error =
    body && typeof body === 'object' && 'error' in body && body.error && typeof body.error === 'object'
      ? (body.error as Record<string, unknown>)
      : null;
  const code =
    error && typeof error.code === 'string' && i18n.exists(`errors.${error.code}`)
      ? (error.code as ErrorCode)
      : codeForStatus(status);
  const message =
    error && typeof error.message === 'string' && error.message.trim() !== ''
      ? error.message
      : i18n.t(`errors.${code}`);
  const details = Array.isArray(error?.details)
    ? error.details.flatMap((detail: unknown) =>
        detail &&
        typeof detail === 'object' &&
        'path' in detail &&
        'message' in detail &&
        typeof detail.path === 'string' &&
        typeof detail.message === 'string'
          ? [{ path: detail.path, message: detail.message }]
          : [],
      )
    : [];
  const retryAfterSeconds =
    error && typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined;
  const params: Record<string, string> = {};
  if (error?.params && typeof error.params === 'object') {
    for (const [key, value] of Object.entries(error.params)) {
      if (typeof value === 'string') params[key] = value;
    }
  }
  return new ApiError({ status, code, message, details, retryAfterSeconds, params });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function apiRequest<T>(request: ApiRequest): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  request.signal?.addEventListener('abort', abortFromCaller, { once: true });

  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A multipart body sets its own Content-Type (with the boundary); everything else is JSON.
  let payload: FormData | string | undefined;
  if (request.body instanceof FormData) payload = request.body;
  else if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['Content-Type'] = 'application/json';
  }

  let response: Response;
  let body: unknown;
  try {
    const sentAt = Date.now();
    response = await fetch(buildApiUrl(request.path, request.query), {
      method: request.method ?? 'GET',
      headers,
      body: payload,
      signal: controller.signal,
    });
    // Every answer tells the server's time: round countdowns follow it, not this device's clock.
    serverClock.observe(response.headers.get('Date'), sentAt, Date.now());
    body = await readJson(response);
  } catch (cause) {
    if (request.signal?.aborted) throw cause;
    throw new ApiError({
      status: 0,
      code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
      message: i18n.t(timedOut ? 'network.timeout' : 'network.offline'),
    });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', abortFromCaller);
  }

  if (response.ok) return body as T;

  const error = parseErrorBody(response.status, body);
  if (error.code === 'UNAUTHENTICATED') {
    clearSession();
    onUnauthenticated();
  }
  throw error;
}

/**
 * A file the API serves only to its owner (an uploaded receipt): fetched with the session's bearer token,
 * which an <img src> or a link cannot send. Only this app's own API paths get the token.
 */
export async function fetchAuthorizedBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  if (!url.startsWith(`${API_BASE}/`)) throw new Error(`not an API path: ${url}`);
  const headers: Record<string, string> = { 'Accept-Language': currentLocale() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${lineOrigin()}${url}`, { headers, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: i18n.t('network.offline') });
  }
  if (!response.ok) throw parseErrorBody(response.status, await readJson(response));
  return response.blob();
}

/**
 * Calls an endpoint of the contract (`@tradehall/contracts/endpoints`): path and types from its
 * declaration; in development and tests the answer is checked against its schema. A production build
 * carries only the endpoints' methods and paths (vite.config.ts), not their schemas.
 */
export const { call } = createApiClient(
  ({ method, path, query, body, signal }) => apiRequest({ method, path, query: { ...query }, body, signal }),
  { validate: import.meta.env.DEV },
);

/**
 * A multipart/form-data POST (files) to a declared endpoint, which call() does not send (its bodies are
 * JSON), with the longer upload time limit; in development and tests the answer is checked like call()'s.
 */
export async function upload<S extends EndpointSpec>(
  endpoint: S,
  form: FormData,
): Promise<EndpointResponse<S>> {
  const answer = await apiRequest<unknown>({
    method: endpoint.method,
    path: endpoint.path,
    body: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  return (import.meta.env.DEV ? endpoint.response.parse(answer) : answer) as EndpointResponse<S>;
}
