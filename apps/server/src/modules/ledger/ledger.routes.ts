/**
 * GET /transactions (the user's transaction records), and for operators the ledger's invariant check,
 * trial balance and transfer search.
 */
import { ledgerEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import type { LedgerService } from './ledger.service.ts';

export function ledgerRoutes(deps: { ledger: LedgerService }): FastifyPluginAsync {
  const { ledger } = deps;
  return async (app) => {
    route(app, ledgerEndpoints.transactions, {
      handler: async (request) => ledger.transactions(requireUser(request).userId, request.query),
    });
    route(app, ledgerEndpoints.audit, {
      handler: async () => ledger.audit(),
    });
    route(app, ledgerEndpoints.trialBalance, {
      handler: async () => ledger.trialBalance(),
    });
    route(app, ledgerEndpoints.transfers, {
      handler: async (request) => ledger.searchTransfers(request.query),
    });
  };
}
