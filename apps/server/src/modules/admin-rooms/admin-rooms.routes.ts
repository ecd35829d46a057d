/** /admin/rooms: rooms (edit and pause: admin role), their rounds, and their fairness chains. */
import { adminRoomEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireOperator } from '../../platform/guards/operator-guard.ts';
import type { AdminRoomsService } from './admin-rooms.service.ts';

export function adminRoomsRoutes(deps: { rooms: AdminRoomsService }): FastifyPluginAsync {
  const { rooms } = deps;
  return async (app) => {
    route(app, adminRoomEndpoints.list, {
      handler: async () => rooms.list(),
    });
    route(app, adminRoomEndpoints.update, {
      handler: async (request) =>
        rooms.update(requireOperator(request).operator.id, request.params.id, request.body),
    });
    route(app, adminRoomEndpoints.pause, {
      handler: async (request) =>
        rooms.pause(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
    route(app, adminRoomEndpoints.resume, {
      handler: async (request) =>
        rooms.resume(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
    route(app, adminRoomEndpoints.rounds, {
      handler: async (request) => rooms.roundList(request.params.id, request.query),
    });
    route(app, adminRoomEndpoints.chains, {
      handler: async (request) => rooms.chainList(request.params.id),
    });
    route(app, adminRoomEndpoints.createChain, {
      handler: async (request) =>
        rooms.createChain(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
  };
}
