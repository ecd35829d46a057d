/** GET /me/assets. */
import { assetEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import type { AssetsService } from './assets.service.ts';

export function assetsRoutes(deps: { assets: AssetsService }): FastifyPluginAsync {
  return async (app) => {
    route(app, assetEndpoints.get, {
      handler: async (request) => deps.assets.assets(requireUser(request).userId),
    });
  };
}
