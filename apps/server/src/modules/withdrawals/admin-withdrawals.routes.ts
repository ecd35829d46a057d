/** The operator's withdrawal queue: list, inspect, mark paid (once), reject (refunds once). */
import {
  adminWithdrawalPageSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalSchema,
  markPaidRequestSchema,
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
import type { WithdrawalsService } from './withdrawals.service.ts';

const idParams = z.strictObject({ id: z.uuid() });

export function adminWithdrawalsRoutes(deps: {
  withdrawals: WithdrawalsService;
  operatorGuard: OperatorGuard;
}): FastifyPluginAsyncZod {
  const { withdrawals, operatorGuard } = deps;
  const tags = ['admin'];
  const security = [{ operatorBearer: [] }];
  // Deciding on money takes an operator with two-factor on; looking at the queues does not.
  const decisionGuard = createTwoFactorGuard(operatorGuard);
  return async (app) => {
    app.get(
      '/admin/withdrawals',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary: 'Withdrawals, newest first, optionally by status',
          querystring: adminWithdrawalQuerySchema,
          response: { 200: adminWithdrawalPageSchema, ...errorResponses },
        },
      },
      async (request) => withdrawals.adminList(request.query),
    );

    app.get(
      '/admin/withdrawals/:id',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary: 'One withdrawal, with the full destination',
          params: idParams,
          response: { 200: adminWithdrawalSchema, ...errorResponses },
        },
      },
      async (request) => withdrawals.adminGet(request.params.id),
    );

    app.post(
      '/admin/withdrawals/:id/pay',
      {
        onRequest: decisionGuard,
        schema: {
          tags,
          security,
          summary:
            'Mark a pending withdrawal paid (the hold leaves the ledger); repeating it changes nothing',
          params: idParams,
          body: markPaidRequestSchema,
          response: { 200: adminWithdrawalSchema, ...errorResponses },
        },
      },
      async (request) =>
        withdrawals.pay(
          requireOperator(request).operator.id,
          request.params.id,
          request.body.paymentReference,
        ),
    );

    app.post(
      '/admin/withdrawals/:id/reject',
      {
        onRequest: decisionGuard,
        schema: {
          tags,
          security,
          summary: 'Reject a pending withdrawal: the held amount returns to the user exactly once',
          params: idParams,
          body: rejectRequestSchema,
          response: { 200: adminWithdrawalSchema, ...errorResponses },
        },
      },
      async (request) =>
        withdrawals.reject(requireOperator(request).operator.id, request.params.id, request.body.reason),
    );
  };
}
