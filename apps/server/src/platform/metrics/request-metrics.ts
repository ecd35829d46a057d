/**
 * One histogram observe per answer, labelled by the route's template (`/api/v1/rounds/:id`, never the
 * concrete URL, so the series stay few) and the status. A request no route matched counts as
 * `unmatched`: probes for random paths must not each make a series.
 */
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

export function installRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
