/** A user's deposits: ask to top up, list them, read one. */
import { depositEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import type { DepositsService } from './deposits.service.ts';

export function depositsRoutes(deps: { deposits: DepositsService }): FastifyPluginAsync {
  const { deposits } = deps;
  return async (app) => {
    route(app, depositEndpoints.create, {
      handler: async (request, reply) => {
        const result = await deposits.create(requireUser(request).userId, request.body);
        return reply.status(result.statusCode).send(result.body);
      },
    });
    route(app, depositEndpoints.list, {
      handler: async (request) => deposits.list(requireUser(request).userId, request.query),
    });
    route(app, depositEndpoints.get, {
      handler: async (request) => deposits.get(requireUser(request).userId, request.params.id),
    });
  };
}
