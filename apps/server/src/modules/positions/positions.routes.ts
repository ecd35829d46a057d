/** POST /rounds/:id/positions, GET /positions (investment records), GET /revenue (revenue records). */
import {
  idField,
  pageQuerySchema,
  placePositionRequestSchema,
  positionPageSchema,
  positionSchema,
  revenuePageSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { PositionsService } from './positions.service.ts';

export function positionsRoutes(deps: {
  positions: PositionsService;
  userGuard: UserGuard;
}): FastifyPluginAsyncZod {
  const { positions, userGuard } = deps;
  const tags = ['trading'];
  const security = [{ bearer: [] }];
  return async (app) => {
    app.post(
      '/rounds/:id/positions',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary:
            'Take a position while the round is open and before seals_at by the server’s clock ' +
            '(ROUND_NOT_OPEN after). The stake moves to escrow at once; the odds are frozen. Idempotent by key',
          params: z.strictObject({ id: idField }),
          body: placePositionRequestSchema,
          response: { 201: positionSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await positions.place(requireUser(request).userId, request.params.id, request.body);
        // The answer is a PositionView the service built (or its stored copy on a replay), so it is
        // serialized as it is: re-checking it against positionSchema cost ~15 µs a request, about 6% of
        // the server's time per placement. The schema above still documents it; errors go the usual way.
        return reply.status(result.statusCode).serializer(JSON.stringify).send(result.body);
      },
    );

    app.get(
      '/positions',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'My positions (investment records), newest first',
          querystring: pageQuerySchema,
          response: { 200: positionPageSchema, ...errorResponses },
        },
      },
      async (request) => positions.list(requireUser(request).userId, request.query),
    );

    app.get(
      '/revenue',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'My settled profit and loss per round (revenue records), newest first',
          querystring: pageQuerySchema,
          response: { 200: revenuePageSchema, ...errorResponses },
        },
      },
      async (request) => positions.revenue(requireUser(request).userId, request.query),
    );
  };
}
