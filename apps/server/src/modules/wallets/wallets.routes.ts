/** GET/POST/DELETE /wallets. */
import {
  createWalletRequestSchema,
  okResponseSchema,
  walletListSchema,
  walletSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { WalletsService } from './wallets.service.ts';

export function walletsRoutes(deps: {
  wallets: WalletsService;
  userGuard: UserGuard;
}): FastifyPluginAsyncZod {
  const { wallets, userGuard } = deps;
  const tags = ['funding'];
  const security = [{ bearer: [] }];
  return async (app) => {
    app.get(
      '/wallets',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'My wallets',
          response: { 200: walletListSchema, ...errorResponses },
        },
      },
      async (request) => wallets.list(requireUser(request).userId),
    );

    app.post(
      '/wallets',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'Add a USDT wallet (address checked for its network)',
          body: createWalletRequestSchema,
          response: { 201: walletSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await wallets.add(requireUser(request).userId, request.body)),
    );

    app.delete(
      '/wallets/:id',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'Remove one of my wallets',
          params: z.strictObject({ id: z.uuid() }),
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await wallets.remove(requireUser(request).userId, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
