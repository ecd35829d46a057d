/** GET /rooms/:id/trends and GET /rooms/:id/trends/rounds: the trend tables, public like the rounds. */
import { trendEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import type { TrendsService } from './trends.service.ts';

export function trendsRoutes(deps: { trends: TrendsService }): FastifyPluginAsync {
  return async (app) => {
    route(app, trendEndpoints.room, {
      handler: async (request) => deps.trends.room(request.params.id),
    });
    route(app, trendEndpoints.rounds, {
      handler: async (request) => deps.trends.rounds(request.params.id, request.query),
    });
  };
}
