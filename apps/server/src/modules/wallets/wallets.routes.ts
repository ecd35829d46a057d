/** A user's USDT wallets: list, add one, remove one. */
import { walletEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import type { WalletsService } from './wallets.service.ts';

export function walletsRoutes(deps: { wallets: WalletsService; userGuard: UserGuard }): FastifyPluginAsync {
  const { wallets, userGuard } = deps;
  return async (app) => {
    route(app, walletEndpoints.list, {
      onRequest: userGuard,
      handler: async (request) => wallets.list(requireUser(request).userId),
    });
    route(app, walletEndpoints.create, {
      onRequest: userGuard,
      handler: async (request) => wallets.add(requireUser(request).userId, request.body),
    });
    route(app, walletEndpoints.remove, {
      onRequest: userGuard,
      handler: async (request) => {
        await wallets.remove(requireUser(request).userId, request.params.id);
        return { ok: true as const };
      },
    });
  };
}
