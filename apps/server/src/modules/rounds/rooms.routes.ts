/**
 * GET /rooms, GET /rooms/:id (public; more for a signed-in viewer), POST /rooms/:id/enter,
 * GET /rooms/:id/rounds (public: every round with its commitment, and its hash and digits once drawn)
 * and GET /rounds/:id (the round and my positions in it).
 */
import {
  enterRoomResponseSchema,
  idField,
  pageQuerySchema,
  roomListSchema,
  roomSchema,
  roundDetailSchema,
  roundPageSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import { sendShared } from '../../platform/shared-read-reply.ts';
import type { RoomsService } from './rooms.service.ts';

const idParams = z.strictObject({ id: idField });

export function roomsRoutes(deps: {
  rooms: RoomsService;
  userGuard: UserGuard;
  optionalUserGuard: UserGuard;
}): FastifyPluginAsyncZod {
  const { rooms, userGuard, optionalUserGuard } = deps;
  const tags = ['trading'];
  const security = [{ bearer: [] }];
  return async (app) => {
    app.get(
      '/rooms',
      {
        onRequest: optionalUserGuard,
        schema: {
          tags,
          summary:
            'Every room with its limits and current round. With a valid bearer token, `qualified` and ' +
            '`missingForEntry` are the viewer’s; without, false and the entry minimum',
          response: { 200: roomListSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        // Anonymous: the list read once for everyone, sent as serialised, 304 when unchanged.
        if (!request.userAuth) return sendShared(request, reply, await rooms.shared());
        return rooms.list(request.userAuth.userId);
      },
    );

    app.get(
      '/rooms/:id',
      {
        onRequest: optionalUserGuard,
        schema: {
          tags,
          summary: 'One room, its limits and its current round (with the commitment of the open round)',
          params: idParams,
          response: { 200: roomSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!request.userAuth) {
          const shared = await rooms.sharedRoom(request.params.id);
          if (shared) return sendShared(request, reply, shared);
        }
        return rooms.get(request.params.id, request.userAuth?.userId ?? null);
      },
    );

    app.post(
      '/rooms/:id/enter',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'Enter a room: ENTRY_MINIMUM_NOT_MET (with the amount missing) unless my balance meets it',
          params: idParams,
          response: { 200: enterRoomResponseSchema, ...errorResponses },
        },
      },
      async (request) => rooms.enter(requireUser(request).userId, request.params.id),
    );

    app.get(
      '/rooms/:id/rounds',
      {
        schema: {
          tags,
          summary: 'A room’s rounds, newest first; hash, digits and sum only once a round is drawn',
          params: idParams,
          querystring: pageQuerySchema,
          response: { 200: roundPageSchema, ...errorResponses },
        },
      },
      async (request) => rooms.roomRounds(request.params.id, request.query),
    );

    app.get(
      '/rounds/:id',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'A round and my positions in it',
          params: idParams,
          response: { 200: roundDetailSchema, ...errorResponses },
        },
      },
      async (request) => rooms.round(requireUser(request).userId, request.params.id),
    );
  };
}
