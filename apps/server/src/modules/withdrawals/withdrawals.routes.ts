/** POST /withdrawals and GET /withdrawals (my withdrawal records). */
import {
  createWithdrawalRequestSchema,
  pageQuerySchema,
  withdrawalPageSchema,
  withdrawalSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

export function withdrawalsRoutes(deps: {
  withdrawals: WithdrawalsService;
  userGuard: UserGuard;
}): FastifyPluginAsyncZod {
  const { withdrawals, userGuard } = deps;
  const tags = ['funding'];
  const security = [{ bearer: [] }];
  return async (app) => {
    app.post(
      '/withdrawals',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary:
            'Withdraw to one of my cards or wallets with the payment password; the amount is held until ' +
            'an operator pays or rejects it. Idempotent by key',
          body: createWithdrawalRequestSchema,
          response: { 201: withdrawalSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await withdrawals.create(requireUser(request).userId, request.body);
        return reply.status(result.statusCode).send(result.body);
      },
    );

    app.get(
      '/withdrawals',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'My withdrawals, newest first',
          querystring: pageQuerySchema,
          response: { 200: withdrawalPageSchema, ...errorResponses },
        },
      },
      async (request) => withdrawals.list(requireUser(request).userId, request.query),
    );
  };
}
