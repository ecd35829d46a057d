/** GET /market/overview: the home page's figures, all computed from data. Public. */
import { marketEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { sendShared } from '../../platform/shared-read-reply.ts';
import type { MarketService } from './market.service.ts';

export function marketRoutes(deps: { market: MarketService }): FastifyPluginAsync {
  return async (app) => {
    route(app, marketEndpoints.overview, {
      handler: async (request, reply) => sendShared(request, reply, await deps.market.shared()),
    });
  };
}
