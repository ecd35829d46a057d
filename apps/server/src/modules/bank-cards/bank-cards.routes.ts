/** GET/POST/DELETE /bank-cards. */
import {
  bankCardListSchema,
  bankCardSchema,
  createBankCardRequestSchema,
  okResponseSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { BankCardsService } from './bank-cards.service.ts';

export function bankCardsRoutes(deps: {
  bankCards: BankCardsService;
  userGuard: UserGuard;
}): FastifyPluginAsyncZod {
  const { bankCards, userGuard } = deps;
  const tags = ['funding'];
  const security = [{ bearer: [] }];
  return async (app) => {
    app.get(
      '/bank-cards',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'My bank cards (numbers masked)',
          response: { 200: bankCardListSchema, ...errorResponses },
        },
      },
      async (request) => bankCards.list(requireUser(request).userId),
    );

    app.post(
      '/bank-cards',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'Bind a bank card in my real name',
          body: createBankCardRequestSchema,
          response: { 201: bankCardSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await bankCards.add(requireUser(request).userId, request.body)),
    );

    app.delete(
      '/bank-cards/:id',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'Remove one of my bank cards',
          params: z.strictObject({ id: z.uuid() }),
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await bankCards.remove(requireUser(request).userId, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
