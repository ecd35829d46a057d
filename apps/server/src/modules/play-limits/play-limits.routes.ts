/** /play-limits (a player's own) and the console's read-only view, whose lift is always refused. */
import { adminPlayLimitEndpoints, playLimitEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireOperator } from '../../platform/guards/operator-guard.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import type { PlayLimitsService } from './play-limits.service.ts';

export function playLimitsRoutes(deps: { playLimits: PlayLimitsService }): FastifyPluginAsync {
  const { playLimits } = deps;
  return async (app) => {
    route(app, playLimitEndpoints.get, {
      handler: async (request) => playLimits.overview(requireUser(request).userId),
    });
    route(app, playLimitEndpoints.set, {
      handler: async (request) => playLimits.setLimit(requireUser(request).userId, request.body),
    });
    route(app, playLimitEndpoints.takeBreak, {
      handler: async (request) => playLimits.takeBreak(requireUser(request).userId, request.body),
    });
    route(app, playLimitEndpoints.realityCheck, {
      handler: async (request) => playLimits.setRealityCheck(requireUser(request).userId, request.body),
    });
    route(app, playLimitEndpoints.session, {
      handler: async (request) => playLimits.session(requireUser(request).userId),
    });
    route(app, adminPlayLimitEndpoints.get, {
      handler: async (request) => playLimits.adminOverview(request.params.id),
    });
    route(app, adminPlayLimitEndpoints.liftBreak, {
      handler: async (request): Promise<undefined> =>
        playLimits.refuseLift(requireOperator(request).operator.id, request.params.id),
    });
  };
}
