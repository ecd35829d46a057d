/** /admin/rooms: rooms (edit and pause: admin role), their rounds, and their fairness chains. */
import { adminRoomEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { type OperatorGuard, requireOperator } from '../../platform/guards/operator-guard.ts';
import type { AdminRoomsService } from './admin-rooms.service.ts';

export function adminRoomsRoutes(deps: {
  rooms: AdminRoomsService;
  operatorGuard: OperatorGuard;
  adminGuard: OperatorGuard;
}): FastifyPluginAsync {
  const { rooms, operatorGuard, adminGuard } = deps;
  return async (app) => {
    route(app, adminRoomEndpoints.list, {
      onRequest: operatorGuard,
      handler: async () => rooms.list(),
    });
    route(app, adminRoomEndpoints.update, {
      onRequest: adminGuard,
      handler: async (request) =>
        rooms.update(requireOperator(request).operator.id, request.params.id, request.body),
    });
    route(app, adminRoomEndpoints.pause, {
      onRequest: adminGuard,
      handler: async (request) =>
        rooms.pause(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
    route(app, adminRoomEndpoints.resume, {
      onRequest: adminGuard,
      handler: async (request) =>
        rooms.resume(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
    route(app, adminRoomEndpoints.rounds, {
      onRequest: operatorGuard,
      handler: async (request) => rooms.roundList(request.params.id, request.query),
    });
    route(app, adminRoomEndpoints.chains, {
      onRequest: operatorGuard,
      handler: async (request) => rooms.chainList(request.params.id),
    });
    route(app, adminRoomEndpoints.createChain, {
      onRequest: adminGuard,
      handler: async (request) =>
        rooms.createChain(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
  };
}
