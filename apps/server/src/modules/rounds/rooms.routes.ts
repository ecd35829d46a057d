/**
 * GET /rooms, GET /rooms/:id (public; more for a signed-in viewer), POST /rooms/:id/enter,
 * GET /rooms/:id/rounds (public: every round with its commitment, and its hash and digits once drawn),
 * GET /rounds/:id (the round and my positions in it) and GET /rounds/:id/public (the round alone, public).
 */
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import { sendShared } from '../../platform/shared-read-reply.ts';
import type { RoomsService } from './rooms.service.ts';

export function roomsRoutes(deps: { rooms: RoomsService }): FastifyPluginAsync {
  const { rooms } = deps;
  return async (app) => {
    route(app, roomEndpoints.list, {
      handler: async (request, reply) => {
        // Anonymous: the list read once for everyone, sent as serialised, 304 when unchanged.
        if (!request.userAuth) return sendShared(request, reply, await rooms.shared());
        return rooms.list(request.userAuth.userId);
      },
    });
    route(app, roomEndpoints.get, {
      handler: async (request, reply) => {
        if (!request.userAuth) {
          const shared = await rooms.sharedRoom(request.params.id);
          if (shared) return sendShared(request, reply, shared);
        }
        return rooms.get(request.params.id, request.userAuth?.userId ?? null);
      },
    });
    route(app, roomEndpoints.enter, {
      handler: async (request) => rooms.enter(requireUser(request).userId, request.params.id),
    });
    route(app, roomEndpoints.rounds, {
      handler: async (request) => rooms.roomRounds(request.params.id, request.query),
    });
    route(app, roomEndpoints.round, {
      handler: async (request) => rooms.round(requireUser(request).userId, request.params.id),
    });
    route(app, roomEndpoints.publicRound, {
      handler: async (request) => rooms.publicRound(request.params.id),
    });
  };
}
