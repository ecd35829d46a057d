/** Withdrawals in the open: the public queue figures, and a user's own place in the queue. */
import { withdrawalStatsEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import { sendShared } from '../../platform/shared-read-reply.ts';
import type { WithdrawalStatsService } from './withdrawal-stats.service.ts';

export function withdrawalStatsRoutes(deps: { withdrawalStats: WithdrawalStatsService }): FastifyPluginAsync {
  const { withdrawalStats } = deps;
  return async (app) => {
    route(app, withdrawalStatsEndpoints.stats, {
      handler: async (request, reply) => sendShared(request, reply, await withdrawalStats.shared()),
    });
    route(app, withdrawalStatsEndpoints.samples, {
      handler: async (request) => withdrawalStats.samples(request.query),
    });
    route(app, withdrawalStatsEndpoints.queue, {
      handler: async (request) => withdrawalStats.queue(requireUser(request).userId),
    });
  };
}
