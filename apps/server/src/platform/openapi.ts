/**
 * OpenAPI generated from the same zod schemas that validate requests: JSON at /api/docs/json, the
 * Swagger UI at /api/docs. Register before the routes so every route is collected.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@tradehall/domain';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { documentTransform } from './openapi-transform.ts';

export const DOCS_PREFIX = '/api/docs';

/**
 * The docs pages' Content-Security-Policy (security-headers.ts has the app's): Swagger UI loads its
 * scripts and stylesheets from 'self' (the page has no inline script), shows its logo as a data: image
 * and sends "Try it out" requests to this origin. It also sets an inline style of its own at run time,
 * hence style-src 'unsafe-inline' (styles only; scripts stay 'self').
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Tradehall API',
        version: APP_VERSION,
        description:
          'REST API of Tradehall. Times are unix seconds, money is integer cents. Errors are ' +
          '`{ error: { code, message, details?, retryAfterSeconds? } }` with the message in the language ' +
          'of Accept-Language.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token from POST /auth/login' },
          operatorBearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An operator session token from POST /admin/auth/login',
          },
        },
      },
    },
    transform: documentTransform(createJsonSchemaTransform({ skipList: [] })),
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list' },
    // Replaces the app's policy on the docs routes (set on the reply, it wins over helmet's).
    staticCSP: DOCS_CSP,
  });
}
