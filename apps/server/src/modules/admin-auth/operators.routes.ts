/**
 * GET /admin/operators (any operator); POST /admin/operators and POST /admin/operators/:id/totp/reset
 * (admin role, the reset with the admin's own current two-factor code).
 */
import { operatorEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireOperator } from '../../platform/guards/operator-guard.ts';
import { requireStepUp } from '../../platform/guards/step-up.ts';
import type { OperatorsService } from './operators.service.ts';

export function operatorsRoutes(deps: { operators: OperatorsService }): FastifyPluginAsync {
  const { operators } = deps;
  return async (app) => {
    route(app, operatorEndpoints.list, {
      handler: async () => operators.list(),
    });

    route(app, operatorEndpoints.create, {
      handler: async (request) => operators.create(requireOperator(request).operator.id, request.body),
    });

    route(app, operatorEndpoints.resetTotp, {
      handler: async (request) =>
        operators.resetTotp(
          requireOperator(request).operator.id,
          request.params.id,
          request.body.reason,
          requireStepUp(request),
        ),
    });
  };
}
