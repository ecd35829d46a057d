/** GET /market/overview: the home page's figures, all computed from data. Public. */
import { marketOverviewSchema } from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http.ts';
import { sendShared } from '../../platform/shared-read-reply.ts';
import type { MarketService } from './market.service.ts';

export function marketRoutes(deps: { market: MarketService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/market/overview',
      {
        schema: {
          tags: ['trading'],
          summary:
            'Trading date (UTC), today’s volume and trading users, and per room the current round, the ' +
            'last settled sums with their long/short/single/double frequencies and the last round’s profit',
          response: { 200: marketOverviewSchema, ...errorResponses },
        },
      },
      async (request, reply) => sendShared(request, reply, await deps.market.shared()),
    );
  };
}
