/** /health (liveness), /health/ready (readiness) and /app/version. */
import { appEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { endpointResponses, route } from '../../platform/endpoint-route.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../platform/errors.ts';
import type { AppService, HealthAnswer } from './app.service.ts';

function sendHealth(reply: FastifyReply, answer: HealthAnswer): void {
  if (!answer.ok) reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  // A string with a JSON type is sent as is (the schema was checked when the body was built).
  reply.type('application/json; charset=utf-8').send(answer.body);
}

export function appRoutes(deps: { app: AppService }): FastifyPluginAsync {
  const health = appEndpoints.health;
  return async (app) => {
    // Registered from its declaration by hand rather than with route(): its handler must stay synchronous
    // (see below), and it answers its body with a second status, 503.
    app.route({
      method: health.method,
      url: health.path,
      // Load balancers and monitors poll it, most of all during an outage: never refused for that.
      config: { rateLimit: false, endpoint: health },
      schema: {
        tags: [...health.tags],
        summary: health.summary,
        // Its declared answers, and its body again with 503 when the database does not answer.
        response: { ...endpointResponses(health), 503: health.response },
      },
      // Not async: while the shared ping's answer stands (nearly always), the answer goes out without
      // a promise, its body serialised once for every request that shares it.
      handler: (_request, reply) => {
        const now = deps.app.healthAnswerNow();
        if (now) {
          sendHealth(reply, now);
          return;
        }
        return deps.app.healthAnswer().then((answer) => sendHealth(reply, answer));
      },
    });

    const ready = appEndpoints.ready;
    // By hand too: its body goes out with 503 while the node starts or drains.
    app.route({
      method: ready.method,
      url: ready.path,
      // Load balancers poll it every few seconds from several places: never rate limited.
      config: { rateLimit: false, endpoint: ready },
      schema: {
        tags: [...ready.tags],
        summary: ready.summary,
        response: { ...endpointResponses(ready), 503: ready.response },
      },
      handler: (_request, reply) => {
        const status = deps.app.readiness.state;
        if (status !== 'ready') reply.status(503);
        return reply.send({ status });
      },
    });

    route(app, appEndpoints.version, { handler: async () => deps.app.version() });
  };
}
