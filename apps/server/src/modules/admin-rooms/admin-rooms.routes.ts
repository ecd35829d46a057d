/** /admin/rooms: rooms (edit and pause: admin role), their rounds, and their fairness chains. */
import {
  adminRoomListSchema,
  adminRoomSchema,
  adminRoundPageSchema,
  chainListSchema,
  chainSchema,
  idField,
  reasonRequestSchema,
  updateRoomRequestSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type OperatorGuard, requireOperator } from '../../platform/guards/operator-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { AdminRoomsService } from './admin-rooms.service.ts';

const idParams = z.strictObject({ id: idField });
const cursorQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export function adminRoomsRoutes(deps: {
  rooms: AdminRoomsService;
  operatorGuard: OperatorGuard;
  adminGuard: OperatorGuard;
}): FastifyPluginAsyncZod {
  const { rooms, operatorGuard, adminGuard } = deps;
  const tags = ['admin'];
  const security = [{ operatorBearer: [] }];
  return async (app) => {
    app.get(
      '/admin/rooms',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary: 'Every room with its limits, timings, edge (a pending one if set) and paused state',
          response: { 200: adminRoomListSchema, ...errorResponses },
        },
      },
      async () => rooms.list(),
    );

    app.patch(
      '/admin/rooms/:id',
      {
        onRequest: adminGuard,
        schema: {
          tags,
          security,
          summary:
            'Edit a room (admin role): limits apply to positions placed from now, timings and edge from the next round',
          params: idParams,
          body: updateRoomRequestSchema,
          response: { 200: adminRoomSchema, ...errorResponses },
        },
      },
      async (request) => rooms.update(requireOperator(request).operator.id, request.params.id, request.body),
    );

    app.post(
      '/admin/rooms/:id/pause',
      {
        onRequest: adminGuard,
        schema: {
          tags,
          security,
          summary: 'Pause (admin role): the current round finishes, no new one opens, positions are refused',
          params: idParams,
          body: reasonRequestSchema,
          response: { 200: adminRoomSchema, ...errorResponses },
        },
      },
      async (request) =>
        rooms.pause(requireOperator(request).operator.id, request.params.id, request.body.reason),
    );

    app.post(
      '/admin/rooms/:id/resume',
      {
        onRequest: adminGuard,
        schema: {
          tags,
          security,
          summary: 'Resume (admin role): the next round opens on the engine’s next tick',
          params: idParams,
          body: reasonRequestSchema,
          response: { 200: adminRoomSchema, ...errorResponses },
        },
      },
      async (request) =>
        rooms.resume(requireOperator(request).operator.id, request.params.id, request.body.reason),
    );

    app.get(
      '/admin/rooms/:id/rounds',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary:
            'The room’s rounds, newest first: chain, index, positions summary; hash and digits once drawn',
          params: idParams,
          querystring: cursorQuery,
          response: { 200: adminRoundPageSchema, ...errorResponses },
        },
      },
      async (request) => rooms.roundList(request.params.id, request.query),
    );

    app.get(
      '/admin/rooms/:id/chains',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary:
            'The room’s fairness chains, newest first: terminal hash, salt, how much is used, which is active',
          params: idParams,
          response: { 200: chainListSchema, ...errorResponses },
        },
      },
      async (request) => rooms.chainList(request.params.id),
    );

    app.post(
      '/admin/rooms/:id/chains',
      {
        onRequest: adminGuard,
        schema: {
          tags,
          security,
          summary:
            'Create the room’s next chain (admin role): its terminal hash is published now, before any round uses it',
          params: idParams,
          body: reasonRequestSchema,
          response: { 201: chainSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const chain = await rooms.createChain(
          requireOperator(request).operator.id,
          request.params.id,
          request.body.reason,
        );
        return reply.status(201).send(chain);
      },
    );
  };
}
