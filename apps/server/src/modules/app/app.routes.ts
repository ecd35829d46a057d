/** /health and /app/version. */
import { appVersionResponseSchema, healthResponseSchema } from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/http.ts';
import type { AppService } from './app.service.ts';

export function appRoutes(deps: { app: AppService }): FastifyPluginAsyncZod {
  const tags = ['app'];
  return async (app) => {
    app.get(
      '/health',
      {
        // Load balancers and monitors poll it, most of all during an outage: never refused for that.
        config: { rateLimit: false },
        schema: {
          tags,
          summary: 'Liveness and database health (503 when the database does not answer)',
          response: { 200: healthResponseSchema, 503: healthResponseSchema, ...errorResponses },
        },
      },
      async (_request, reply) => {
        const health = await deps.app.health();
        if (health.status === 'ok') return reply.status(200).send(health);
        return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(health);
      },
    );

    app.get(
      '/app/version',
      {
        schema: {
          tags,
          summary: 'The latest app version and its update notes',
          response: { 200: appVersionResponseSchema, ...errorResponses },
        },
      },
      async () => deps.app.version(),
    );
  };
}
