/**
 * The contract's client for the benches' setup calls (register, fund, find the open round, place the one
 * position a watcher bench needs): paths and types from the endpoint declarations. A measured load is
 * never sent through it — autocannon keeps its own URLs (built from a declaration's path with fillPath),
 * so the figures stay the server's and not this client's.
 */
import { type ApiClient, createApiClient } from '@tradehall/contracts/client';

/**
 * `api` is the server's `http://host:port/api/v1`. Answers are checked against their schemas (setup is
 * not timed); pass `validate: false` where a call sits inside a timed stretch, so the check does not
 * weigh on what is measured.
 */
export function benchApiClient(api: string, token?: string, options: { validate?: boolean } = {}): ApiClient {
  return createApiClient(
    async ({ method, path, query, body }) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {})) {
        if (value !== undefined && value !== null) search.append(key, String(value));
      }
      const response = await fetch(`${api}${path}${search.size > 0 ? `?${search}` : ''}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return text === '' ? undefined : JSON.parse(text);
    },
    { validate: options.validate ?? true },
  );
}
