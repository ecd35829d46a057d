/** POST /rounds/:id/positions, GET /positions (investment records), GET /revenue (revenue records). */
import { positionEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import type { PositionsService } from './positions.service.ts';

export function positionsRoutes(deps: { positions: PositionsService }): FastifyPluginAsync {
  const { positions } = deps;
  return async (app) => {
    route(app, positionEndpoints.place, {
      // The answer is a PositionView the service built (or its stored copy on a replay), so it is
      // serialized as it is: re-checking it against positionSchema cost ~15 µs a request, about 6% of
      // the server's time per placement. The declaration still documents it; errors go the usual way.
      uncheckedAnswer: true,
      handler: async (request, reply) => {
        const result = await positions.place(requireUser(request).userId, request.params.id, request.body);
        return reply.status(result.statusCode).send(result.body);
      },
    });
    route(app, positionEndpoints.list, {
      handler: async (request) => positions.list(requireUser(request).userId, request.query),
    });
    route(app, positionEndpoints.revenue, {
      handler: async (request) => positions.revenue(requireUser(request).userId, request.query),
    });
  };
}
