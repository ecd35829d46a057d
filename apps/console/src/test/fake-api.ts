/**
 * Test support: the API replaced at the network boundary (fetch), answering per "METHOD /path" with real
 * Responses and recording every call, so the console's own client, its contract parsing and its error
 * handling run as in the browser.
 */
import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type FakeHandler = (call: FakeCall) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, code: string, message: string) =>
  json(status, { error: { code, message } });

/** Answers `routes["GET /admin/me"]` etc.; anything else is a 404. Returns the calls made, in order. */
export function fakeApi(routes: Record<string, FakeHandler>): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method, path, query: url.searchParams, body };
      calls.push(call);
      const handler = routes[`${method} ${path}`];
      return handler ? handler(call) : apiError(404, 'NOT_FOUND', 'Not found');
    }),
  );
  return calls;
}

/** The requests that change something (everything but GET), in order. */
export const writes = (calls: readonly FakeCall[]) => calls.filter((call) => call.method !== 'GET');

/**
 * An answer that arrives only when the test says so: the screen can be inspected while the request
 * is in flight.
 */
export function heldAnswer(): { handler: FakeHandler; release: (response: Response) => void } {
  let release: (response: Response) => void = () => undefined;
  const answer = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { handler: () => answer, release };
}
