/** GET /me/assets. */
import { assetsResponseSchema } from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { AssetsService } from './assets.service.ts';

export function assetsRoutes(deps: { assets: AssetsService; userGuard: UserGuard }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me/assets',
      {
        onRequest: deps.userGuard,
        schema: {
          tags: ['account'],
          security: [{ bearer: [] }],
          summary: 'My assets: balance, withdrawable, held by pending withdrawals, totals, pending counts',
          response: { 200: assetsResponseSchema, ...errorResponses },
        },
      },
      async (request) => deps.assets.assets(requireUser(request).userId),
    );
  };
}
