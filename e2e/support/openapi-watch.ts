/**
 * Every API answer a journey receives is checked against the OpenAPI document of the server that sent
 * it (apps/server/test/openapi-conformance.ts; the document is fetched once per server from
 * /api/docs/json): the browser's answers through a listener on each context (launchBrowser adds it), the
 * journey's own calls through checkedFetch. A check runs while the journey goes on; the first mismatch
 * fails the test that was running (openapi-setup.ts, an afterEach of every journey file).
 *
 * Not checked: answers a service worker served (the web app's precached files; it leaves API requests
 * to the network), answers the browser could no longer give (its context closed first; a body it could
 * not give leaves the status and Content-Type checked), and answers of a server that stopped before its
 * document was read (a journey restarting its server), and the start-up probe that waits for a server
 * to answer /health at all (support/spawn-server.ts).
 */
import type { BrowserContext, Response } from 'playwright-core';
import {
  type ConformanceChecker,
  conformanceChecker,
  type ObservedResponse,
  OpenApiMismatchError,
} from '../../apps/server/test/openapi-conformance.ts';

const checkers = new Map<string, Promise<ConformanceChecker>>();
const pending = new Set<Promise<void>>();
const mismatches: string[] = [];

/** The checker of the server at `origin`, its document read once; null if the server is not there. */
async function checkerFor(origin: string): Promise<ConformanceChecker | null> {
  let checker = checkers.get(origin);
  if (!checker) {
    checker = fetch(`${origin}/api/docs/json`).then(async (response) => {
      if (!response.ok) throw new Error(`GET ${origin}/api/docs/json -> ${response.status}`);
      return conformanceChecker(await response.json());
    });
    checkers.set(origin, checker);
  }
  try {
    return await checker;
  } catch {
    // Asked again next time: the server may be between a stop and a start.
    checkers.delete(origin);
    return null;
  }
}

function track(check: Promise<void>): void {
  const tracked = check.catch((error: unknown) => {
    mismatches.push(`the check itself failed: ${String(error)}`);
  });
  pending.add(tracked);
  void tracked.finally(() => pending.delete(tracked));
}

async function checkAnswer(
  url: string,
  method: string,
  read: () => Promise<Omit<ObservedResponse, 'method' | 'url'>>,
): Promise<void> {
  const { origin, pathname, search } = new URL(url);
  if (!origin.startsWith('http')) return;
  const checker = await checkerFor(origin);
  const path = `${pathname}${search}`;
  if (!checker?.covers(method, path)) return;
  const answer = await read().catch(() => null);
  if (answer === null) return;
  const found = checker.mismatch({ method, url: path, ...answer });
  if (found !== null) mismatches.push(found);
}

/** Checks every answer the context's pages receive. */
export function watchAnswers(context: BrowserContext): BrowserContext {
  context.on('response', (response: Response) => {
    if (response.fromServiceWorker()) return;
    track(
      checkAnswer(response.url(), response.request().method(), async () => {
        const headers = await response.allHeaders();
        if (await revalidated(response, headers)) return { status: 304, headers, body: new Uint8Array() };
        return { status: response.status(), headers, body: await response.body().catch(() => null) };
      }),
    );
  });
  return context;
}

/**
 * Whether the server answered 304 to the browser's own revalidation (an If-None-Match the browser added
 * for its cached copy): the page, and so Playwright, then sees the cached 200, but with the headers the
 * server sent on the 304 (no Content-Type) and no body transferred. What the server sent was the 304.
 */
async function revalidated(response: Response, headers: Record<string, string>): Promise<boolean> {
  if (response.status() !== 200 || headers['content-type'] !== undefined) return false;
  const sent = await response.request().allHeaders();
  if (sent['if-none-match'] === undefined && sent['if-modified-since'] === undefined) return false;
  return (await response.request().sizes()).responseBodySize === 0;
}

/** fetch, with the answer checked (its body read from a copy, so the caller still reads it). */
export async function checkedFetch(url: string, init?: RequestInit): Promise<globalThis.Response> {
  const response = await fetch(url, init);
  const copy = response.clone();
  track(
    checkAnswer(url, init?.method ?? 'GET', async () => ({
      status: copy.status,
      headers: headersOf(copy.headers),
      body: new Uint8Array(await copy.arrayBuffer()),
    })),
  );
  return response;
}

function headersOf(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    result[name] = value;
  });
  return result;
}

/** Waits for the checks under way, then throws the first mismatch found since the last call. */
export async function throwFirstMismatch(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
  const [first] = mismatches.splice(0);
  if (first !== undefined) throw new OpenApiMismatchError(`OpenAPI mismatch: ${first}`);
}
