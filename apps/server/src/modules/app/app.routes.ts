/** /health and /app/version. */
import { appVersionResponseSchema, healthResponseSchema } from '@tradehall/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/http.ts';
import type { AppService, HealthAnswer } from './app.service.ts';

function sendHealth(reply: FastifyReply, answer: HealthAnswer): void {
  if (!answer.ok) reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  // A string with a JSON type is sent as is (the schema was checked when the body was built).
  reply.type('application/json; charset=utf-8').send(answer.body);
}

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
      // Not async: while the shared ping's answer stands (nearly always), the answer goes out without
      // a promise, its body serialised once for every request that shares it.
      (_request, reply) => {
        const now = deps.app.healthAnswerNow();
        if (now) {
          sendHealth(reply, now);
          return;
        }
        return deps.app.healthAnswer().then((answer) => sendHealth(reply, answer));
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
