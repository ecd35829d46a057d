/**
 * Checks every answer a test app gives against the app's own OpenAPI document (openapi-conformance.ts),
 * so each integration suite also proves the document true without a line of its own. An answer to
 * inject() that differs fails the call that got it. An answer sent over a socket (the suites that
 * listen) is checked as it leaves, and the first that differs is thrown by the test app's close(),
 * since nothing awaits it where it is sent.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type ConformanceChecker, conformanceChecker, type ObservedResponse } from './openapi-conformance.ts';

export interface ConformanceWatch {
  /** The first answer sent over a socket that differed from the document, described; null if none did. */
  firstMismatch(): string | null;
}

export function watchConformance(app: FastifyInstance): ConformanceWatch {
  // Built on first use: the document is generated once the app is ready, and many apps answer nothing.
  let checker: ConformanceChecker | undefined;
  const check = () => {
    checker ??= conformanceChecker(app.swagger());
    return checker;
  };

  // Only the promise form of inject() is used by the suites (and checked here).
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checkedInject = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const response = await inject(options);
    check().assert({
      method: response.raw.req.method ?? 'GET',
      url: response.raw.req.url ?? '/',
      status: response.statusCode,
      headers: response.headers,
      body: decoded(response.headers['content-encoding'], response.rawPayload),
    });
    return response;
  };
  Object.assign(app, { inject: checkedInject });

  let first: string | null = null;
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    captureAnswer(request, response, (observed) => {
      first ??= check().mismatch(observed);
    });
  });
  return { firstMismatch: () => first };
}

/** Follows an answer as Node writes it (Fastify passes its headers to writeHead, not setHeader). */
function captureAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  done: (observed: ObservedResponse) => void,
): void {
  const chunks: Buffer[] = [];
  let written: OutgoingHttpHeaders = {};
  const collect = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const { writeHead, write, end } = response;
  response.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((argument) => typeof argument === 'object' && argument !== null);
    if (headers && !Array.isArray(headers)) written = headers as OutgoingHttpHeaders;
    return Reflect.apply(writeHead, response, [status, ...rest]);
  }) as typeof writeHead;
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk);
    return Reflect.apply(write, response, [chunk, ...rest]);
  }) as typeof write;
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk);
    return Reflect.apply(end, response, [chunk, ...rest]);
  }) as typeof end;
  response.once('finish', () => {
    const headers: Record<string, string | string[] | number | undefined> = {};
    for (const [name, value] of Object.entries({ ...response.getHeaders(), ...written })) {
      headers[name.toLowerCase()] = value;
    }
    done({
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      status: response.statusCode,
      headers,
      body: decoded(headers['content-encoding'], Buffer.concat(chunks)),
    });
  });
}

/** The body as the client reads it: compressed answers (platform/compression.ts) decoded. */
function decoded(encoding: unknown, body: Buffer): Buffer {
  if (body.length === 0) return body;
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}
