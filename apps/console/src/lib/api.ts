/** Minimal operator API client: JSON, the operator's bearer token, typed errors from the server. */
import { errorBodySchema } from '@tradehall/contracts';
import { REQUEST_TIMEOUT_MS } from '@tradehall/domain';
import type { z } from 'zod';

const TOKEN_KEY = 'console.token';

export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const operatorToken = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string): void => sessionStorage.setItem(TOKEN_KEY, token),
  clear: (): void => sessionStorage.removeItem(TOKEN_KEY),
};

export async function request<T>(
  path: string,
  schema: z.ZodType<T>,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': 'en' };
  const token = operatorToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    if (response.status === 401) operatorToken.clear();
    throw parsed.success
      ? new ConsoleApiError(response.status, parsed.data.error.code, parsed.data.error.message)
      : new ConsoleApiError(response.status, 'INTERNAL', `Request failed (${response.status})`);
  }
  return schema.parse(payload);
}
