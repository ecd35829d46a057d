/** /admin/users: search, detail, freeze/unfreeze, credit score, forced password reset, balance adjustments. */
import { adminUserEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { type OperatorGuard, requireOperator } from '../../platform/guards/operator-guard.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import type { BalanceAdjustmentsService } from './balance-adjustments.service.ts';

export function adminUsersRoutes(deps: {
  users: AdminUsersService;
  adjustments: BalanceAdjustmentsService;
  operatorGuard: OperatorGuard;
  adminGuard: OperatorGuard;
}): FastifyPluginAsync {
  const { users, adjustments, operatorGuard, adminGuard } = deps;
  return async (app) => {
    route(app, adminUserEndpoints.list, {
      onRequest: operatorGuard,
      handler: async (request) => users.search(request.query),
    });
    route(app, adminUserEndpoints.get, {
      onRequest: operatorGuard,
      handler: async (request) => users.detail(request.params.id),
    });
    route(app, adminUserEndpoints.freeze, {
      onRequest: operatorGuard,
      handler: async (request) =>
        users.freeze(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
    route(app, adminUserEndpoints.unfreeze, {
      onRequest: operatorGuard,
      handler: async (request) =>
        users.unfreeze(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
    route(app, adminUserEndpoints.forcePasswordReset, {
      onRequest: operatorGuard,
      handler: async (request) =>
        users.forcePasswordReset(
          requireOperator(request).operator.id,
          request.params.id,
          request.body.reason,
        ),
    });
    route(app, adminUserEndpoints.setCreditScore, {
      onRequest: operatorGuard,
      handler: async (request) =>
        users.setCreditScore(requireOperator(request).operator.id, request.params.id, request.body),
    });
    route(app, adminUserEndpoints.adjustBalance, {
      onRequest: adminGuard,
      handler: async (request) =>
        adjustments.adjust(requireOperator(request).operator.id, request.params.id, request.body),
    });
  };
}
