/** /admin/users: search, detail, freeze/unfreeze, credit score, forced password reset, balance adjustments. */
import { adminUserEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireOperator } from '../../platform/guards/operator-guard.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import type { BalanceAdjustmentsService } from './balance-adjustments.service.ts';

export function adminUsersRoutes(deps: {
  users: AdminUsersService;
  adjustments: BalanceAdjustmentsService;
}): FastifyPluginAsync {
  const { users, adjustments } = deps;
  return async (app) => {
    route(app, adminUserEndpoints.list, {
      handler: async (request) => users.search(request.query),
    });
    route(app, adminUserEndpoints.get, {
      handler: async (request) => users.detail(request.params.id),
    });
    route(app, adminUserEndpoints.freeze, {
      handler: async (request) =>
        users.freeze(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
    route(app, adminUserEndpoints.unfreeze, {
      handler: async (request) =>
        users.unfreeze(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
    route(app, adminUserEndpoints.forcePasswordReset, {
      handler: async (request) =>
        users.forcePasswordReset(
          requireOperator(request).operator.id,
          request.params.id,
          request.body.reason,
        ),
    });
    route(app, adminUserEndpoints.setCreditScore, {
      handler: async (request) =>
        users.setCreditScore(requireOperator(request).operator.id, request.params.id, request.body),
    });
    route(app, adminUserEndpoints.adjustBalance, {
      handler: async (request) =>
        adjustments.adjust(requireOperator(request).operator.id, request.params.id, request.body),
    });
  };
}
