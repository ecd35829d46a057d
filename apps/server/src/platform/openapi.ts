/**
 * OpenAPI generated from the same zod schemas that validate requests: JSON at /api/docs/json, the
 * Swagger UI at /api/docs. Register before the routes so every route is collected.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@tradehall/domain';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

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
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list' } });
}
