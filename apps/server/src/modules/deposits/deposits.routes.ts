/** POST /deposits and GET /deposits (my recharge records). */
import {
  createDepositRequestSchema,
  depositPageSchema,
  depositSchema,
  pageQuerySchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { DepositsService } from './deposits.service.ts';

export function depositsRoutes(deps: {
  deposits: DepositsService;
  userGuard: UserGuard;
}): FastifyPluginAsyncZod {
  const { deposits, userGuard } = deps;
  const tags = ['funding'];
  const security = [{ bearer: [] }];
  return async (app) => {
    app.post(
      '/deposits',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary:
            'Ask to top up (offline transfer, crypto or card). Idempotent: a retry with the same key gets ' +
            'the first response; card deposits carry the checkout URL to pay at',
          body: createDepositRequestSchema,
          response: { 201: depositSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await deposits.create(requireUser(request).userId, request.body);
        return reply.status(result.statusCode).send(result.body);
      },
    );

    app.get(
      '/deposits',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'My deposits, newest first',
          querystring: pageQuerySchema,
          response: { 200: depositPageSchema, ...errorResponses },
        },
      },
      async (request) => deposits.list(requireUser(request).userId, request.query),
    );

    app.get(
      '/deposits/:id',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'One of my deposits (e.g. after returning from the card payment page)',
          params: z.strictObject({ id: z.uuid() }),
          response: { 200: depositSchema, ...errorResponses },
        },
      },
      async (request) => deposits.get(requireUser(request).userId, request.params.id),
    );
  };
}
