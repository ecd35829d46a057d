/** The operator's withdrawal queue: list, inspect, mark paid (once), reject (refunds once). */
import { adminWithdrawalEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireOperator } from '../../platform/guards/operator-guard.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

export function adminWithdrawalsRoutes(deps: { withdrawals: WithdrawalsService }): FastifyPluginAsync {
  const { withdrawals } = deps;
  return async (app) => {
    route(app, adminWithdrawalEndpoints.list, {
      handler: async (request) => withdrawals.adminList(request.query),
    });
    route(app, adminWithdrawalEndpoints.get, {
      handler: async (request) => withdrawals.adminGet(request.params.id),
    });
    route(app, adminWithdrawalEndpoints.pay, {
      handler: async (request) =>
        withdrawals.pay(
          requireOperator(request).operator.id,
          request.params.id,
          request.body.paymentReference,
        ),
    });
    route(app, adminWithdrawalEndpoints.reject, {
      handler: async (request) =>
        withdrawals.reject(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
  };
}
