/** The operator's deposit queue: list, inspect, approve (credits once), reject. */
import {
  adminDepositPageSchema,
  adminDepositQuerySchema,
  adminDepositSchema,
  rejectRequestSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTwoFactorGuard,
  type OperatorGuard,
  requireOperator,
} from '../../platform/guards/operator-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { DepositsService } from './deposits.service.ts';

const idParams = z.strictObject({ id: z.uuid() });

export function adminDepositsRoutes(deps: {
  deposits: DepositsService;
  operatorGuard: OperatorGuard;
}): FastifyPluginAsyncZod {
  const { deposits, operatorGuard } = deps;
  const tags = ['admin'];
  const security = [{ operatorBearer: [] }];
  // Deciding on money takes an operator with two-factor on; looking at the queues does not.
  const decisionGuard = createTwoFactorGuard(operatorGuard);
  return async (app) => {
    app.get(
      '/admin/deposits',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary: 'Deposits, newest first, optionally by status and method',
          querystring: adminDepositQuerySchema,
          response: { 200: adminDepositPageSchema, ...errorResponses },
        },
      },
      async (request) => deposits.adminList(request.query),
    );

    app.get(
      '/admin/deposits/:id',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary: 'One deposit',
          params: idParams,
          response: { 200: adminDepositSchema, ...errorResponses },
        },
      },
      async (request) => deposits.adminGet(request.params.id),
    );

    app.post(
      '/admin/deposits/:id/approve',
      {
        onRequest: decisionGuard,
        schema: {
          tags,
          security,
          summary: 'Approve a pending deposit: credits the user exactly once (repeating it changes nothing)',
          params: idParams,
          response: { 200: adminDepositSchema, ...errorResponses },
        },
      },
      async (request) => deposits.approve(requireOperator(request).operator.id, request.params.id),
    );

    app.post(
      '/admin/deposits/:id/reject',
      {
        onRequest: decisionGuard,
        schema: {
          tags,
          security,
          summary: 'Reject a pending deposit with a reason shown to the user',
          params: idParams,
          body: rejectRequestSchema,
          response: { 200: adminDepositSchema, ...errorResponses },
        },
      },
      async (request) =>
        deposits.reject(requireOperator(request).operator.id, request.params.id, request.body.reason),
    );
  };
}
