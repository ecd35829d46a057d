/**
 * GET /transactions (the user's transaction records), and for operators the ledger's invariant check,
 * trial balance and transfer search.
 */
import {
  adminTransferPageSchema,
  ledgerAuditResponseSchema,
  pageQuerySchema,
  transactionPageSchema,
  transferSearchQuerySchema,
  trialBalanceSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OperatorGuard } from '../../platform/guards/operator-guard.ts';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { LedgerService } from './ledger.service.ts';

export function ledgerRoutes(deps: {
  ledger: LedgerService;
  userGuard: UserGuard;
  operatorGuard: OperatorGuard;
}): FastifyPluginAsyncZod {
  const { ledger, userGuard, operatorGuard } = deps;
  return async (app) => {
    app.get(
      '/transactions',
      {
        onRequest: userGuard,
        schema: {
          tags: ['funding'],
          security: [{ bearer: [] }],
          summary: 'Every ledger transfer touching my balance, newest first, signed (+ in, - out)',
          querystring: pageQuerySchema,
          response: { 200: transactionPageSchema, ...errorResponses },
        },
      },
      async (request) => ledger.transactions(requireUser(request).userId, request.query),
    );

    app.get(
      '/admin/ledger/audit',
      {
        onRequest: operatorGuard,
        schema: {
          tags: ['admin'],
          security: [{ operatorBearer: [] }],
          summary: 'Check the ledger invariant: balances match transfers, sum to zero, none negative',
          response: { 200: ledgerAuditResponseSchema, ...errorResponses },
        },
      },
      async () => ledger.audit(),
    );

    app.get(
      '/admin/ledger/trial-balance',
      {
        onRequest: operatorGuard,
        schema: {
          tags: ['admin'],
          security: [{ operatorBearer: [] }],
          summary: 'Debits, credits and balance per account kind; the balances total zero',
          response: { 200: trialBalanceSchema, ...errorResponses },
        },
      },
      async () => ledger.trialBalance(),
    );

    app.get(
      '/admin/ledger/transfers',
      {
        onRequest: operatorGuard,
        schema: {
          tags: ['admin'],
          security: [{ operatorBearer: [] }],
          summary: 'Transfers by user, account (system kind or account id), code and reference, newest first',
          querystring: transferSearchQuerySchema,
          response: { 200: adminTransferPageSchema, ...errorResponses },
        },
      },
      async (request) => ledger.searchTransfers(request.query),
    );
  };
}
