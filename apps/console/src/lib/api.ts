/**
 * The console's one HTTP client: base `/api/v1`, JSON both ways, the operator's bearer token, server
 * messages in the console's language. Failures become a ConsoleApiError carrying the server's code and translated message.
 * A 401 on an authenticated request (idle timeout, revoked or expired session) clears the token and tells
 * the session listeners, which send the operator back to the login page with a notice — except a refused
 * two-factor code on a step-up action, which leaves the session alone.
 */
import { errorBodySchema } from '@tradehall/contracts';
import { ContractViolationError, createApiClient } from '@tradehall/contracts/client';
import { REQUEST_TIMEOUT_MS } from '@tradehall/domain';
import { currentLanguage, i18n } from './i18n.ts';

const TOKEN_KEY = 'console.token';
export const API_BASE = '/api/v1';

export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

export const operatorToken = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string): void => sessionStorage.setItem(TOKEN_KEY, token),
  clear: (): void => sessionStorage.removeItem(TOKEN_KEY),
};

type SessionLostListener = () => void;
const sessionLostListeners = new Set<SessionLostListener>();

/** Subscribes to "the server no longer accepts our token"; returns the unsubscribe function. */
export function onSessionLost(listener: SessionLostListener): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

type TwoFactorRequiredListener = () => void;
const twoFactorRequiredListeners = new Set<TwoFactorRequiredListener>();

/**
 * Subscribes to "the server refused a money decision: this operator has no two-factor" (the enrolment
 * flow opens); returns the unsubscribe function.
 */
export function onTwoFactorRequired(listener: TwoFactorRequiredListener): () => void {
  twoFactorRequiredListeners.add(listener);
  return () => twoFactorRequiredListeners.delete(listener);
}

export type QueryValue = unknown;

/** `/admin/users` + `{q: 'x', cursor: undefined}` -> `/admin/users?q=x` (empty values are left out). */
export function withQuery(path: string, query: Readonly<Record<string, QueryValue>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function headers(json: boolean): Record<string, string> {
  const result: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = operatorToken.get();
  if (token) result.Authorization = `Bearer ${token}`;
  if (json) result['Content-Type'] = 'application/json';
  return result;
}

/**
 * 401s that are about a two-factor code the operator just typed (a step-up action), not about the
 * session: the operator stays signed in and may try again.
 */
const STEP_UP_CODES = new Set(['TOTP_REQUIRED', 'TOTP_INVALID']);

async function fail(response: Response): Promise<never> {
  const payload: unknown = await response.json().catch(() => null);
  const parsed = errorBodySchema.safeParse(payload);
  const stepUpRefused = parsed.success && STEP_UP_CODES.has(parsed.data.error.code);
  if (response.status === 401 && operatorToken.get() !== null && !stepUpRefused) {
    operatorToken.clear();
    for (const listener of sessionLostListeners) listener();
  }
  if (!parsed.success) {
    throw new ConsoleApiError(
      response.status,
      'INTERNAL',
      i18n.t('common.requestFailed', { status: response.status }),
    );
  }
  const { code, message, details } = parsed.data.error;
  if (code === 'TWO_FACTOR_REQUIRED') for (const listener of twoFactorRequiredListeners) listener();
  // A validation failure names the fields; show them, the operator cannot see the request otherwise.
  const detail = details?.length ? `: ${details.map((item) => item.message).join('; ')}` : '';
  throw new ConsoleApiError(response.status, code, `${message}${detail}`);
}

async function send(path: string, init: { method?: string; body?: unknown }): Promise<Response> {
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: init.method ?? 'GET',
      headers: headers(init.body !== undefined),
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ConsoleApiError(0, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', i18n.t('common.unreachable'));
  }
}

/**
 * Calls an endpoint of the contract (`@tradehall/contracts/endpoints`): its path, and its answer parsed
 * with its declared schema, always (the console is not a first screen on a phone; a wrong answer on an
 * operator's money screen must stop there).
 */
export const { call } = createApiClient(
  async ({ method, path, query, body }) => {
    const response = await send(query ? withQuery(path, query) : path, { method, body });
    if (!response.ok) return fail(response);
    return response.status === 204 ? undefined : response.json();
  },
  { validate: true },
);

/**
 * Bytes behind an API URL (an uploaded receipt) fetched with the operator's token: an <img src> cannot
 * send the Authorization header, so the caller shows the blob through an object URL.
 */
export async function requestBlob(url: string): Promise<Blob> {
  const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
  const response = await send(path, {});
  if (!response.ok) return fail(response);
  return response.blob();
}

/** The message to show for any failure: the server's translated one when it sent one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ConsoleApiError) return error.message;
  // An answer outside its contract (call()) or a schema's own parse: the operator sees a plain sentence.
  if (error instanceof ContractViolationError || (error instanceof Error && error.name === 'ZodError')) {
    return i18n.t('common.unexpectedAnswer');
  }
  return error instanceof Error ? error.message : i18n.t('common.somethingWrong');
}
