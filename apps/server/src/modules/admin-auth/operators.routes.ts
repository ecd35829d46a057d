/**
 * GET /admin/operators (any operator); POST /admin/operators and POST /admin/operators/:id/totp/reset
 * (admin role, the reset with the admin's own current two-factor code).
 */
import { operatorEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { type OperatorGuard, requireOperator } from '../../platform/guards/operator-guard.ts';
import type { AdminAuthService } from './admin-auth.service.ts';
import type { OperatorsService } from './operators.service.ts';

export function operatorsRoutes(deps: {
  operators: OperatorsService;
  adminAuth: AdminAuthService;
  operatorGuard: OperatorGuard;
  adminGuard: OperatorGuard;
}): FastifyPluginAsync {
  const { operators, adminAuth, operatorGuard, adminGuard } = deps;
  return async (app) => {
    route(app, operatorEndpoints.list, {
      onRequest: operatorGuard,
      handler: async () => operators.list(),
    });

    route(app, operatorEndpoints.create, {
      onRequest: adminGuard,
      handler: async (request) => operators.create(requireOperator(request).operator.id, request.body),
    });

    route(app, operatorEndpoints.resetTotp, {
      onRequest: adminGuard,
      handler: async (request) => {
        const auth = requireOperator(request);
        return operators.resetTotp(auth.operator.id, request.params.id, request.body.reason, () =>
          adminAuth.verifyStepUp(auth, request.body.totpCode),
        );
      },
    });
  };
}
