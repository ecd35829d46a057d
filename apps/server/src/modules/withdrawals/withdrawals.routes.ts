/** A user's withdrawals: ask to withdraw (the amount is held), list them. */
import { withdrawalEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

export function withdrawalsRoutes(deps: { withdrawals: WithdrawalsService }): FastifyPluginAsync {
  const { withdrawals } = deps;
  return async (app) => {
    route(app, withdrawalEndpoints.create, {
      handler: async (request, reply) => {
        const result = await withdrawals.create(requireUser(request).userId, request.body);
        return reply.status(result.statusCode).send(result.body);
      },
    });
    route(app, withdrawalEndpoints.list, {
      handler: async (request) => withdrawals.list(requireUser(request).userId, request.query),
    });
  };
}
