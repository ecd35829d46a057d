/** A user's bank cards: list, bind one in the real name, remove one. */
import { bankCardEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import type { BankCardsService } from './bank-cards.service.ts';

export function bankCardsRoutes(deps: {
  bankCards: BankCardsService;
  userGuard: UserGuard;
}): FastifyPluginAsync {
  const { bankCards, userGuard } = deps;
  return async (app) => {
    route(app, bankCardEndpoints.list, {
      onRequest: userGuard,
      handler: async (request) => bankCards.list(requireUser(request).userId),
    });
    route(app, bankCardEndpoints.create, {
      onRequest: userGuard,
      handler: async (request) => bankCards.add(requireUser(request).userId, request.body),
    });
    route(app, bankCardEndpoints.remove, {
      onRequest: userGuard,
      handler: async (request) => {
        await bankCards.remove(requireUser(request).userId, request.params.id);
        return { ok: true as const };
      },
    });
  };
}
