/**
 * GET /transactions (the user's transaction records), and for operators the ledger's invariant check,
 * trial balance and transfer search.
 */
import { ledgerEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import type { OperatorGuard } from '../../platform/guards/operator-guard.ts';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import type { LedgerService } from './ledger.service.ts';

export function ledgerRoutes(deps: {
  ledger: LedgerService;
  userGuard: UserGuard;
  operatorGuard: OperatorGuard;
}): FastifyPluginAsync {
  const { ledger, userGuard, operatorGuard } = deps;
  return async (app) => {
    route(app, ledgerEndpoints.transactions, {
      onRequest: userGuard,
      handler: async (request) => ledger.transactions(requireUser(request).userId, request.query),
    });
    route(app, ledgerEndpoints.audit, {
      onRequest: operatorGuard,
      handler: async () => ledger.audit(),
    });
    route(app, ledgerEndpoints.trialBalance, {
      onRequest: operatorGuard,
      handler: async () => ledger.trialBalance(),
    });
    route(app, ledgerEndpoints.transfers, {
      onRequest: operatorGuard,
      handler: async (request) => ledger.searchTransfers(request.query),
    });
  };
}
