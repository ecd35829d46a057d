/** The operator's withdrawal queue: list, inspect, mark paid (once), reject (refunds once). */
import { adminWithdrawalEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import {
  createTwoFactorGuard,
  type OperatorGuard,
  requireOperator,
} from '../../platform/guards/operator-guard.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

export function adminWithdrawalsRoutes(deps: {
  withdrawals: WithdrawalsService;
  operatorGuard: OperatorGuard;
}): FastifyPluginAsync {
  const { withdrawals, operatorGuard } = deps;
  // Deciding on money takes an operator with two-factor on; looking at the queues does not.
  const decisionGuard = createTwoFactorGuard(operatorGuard);
  return async (app) => {
    route(app, adminWithdrawalEndpoints.list, {
      onRequest: operatorGuard,
      handler: async (request) => withdrawals.adminList(request.query),
    });
    route(app, adminWithdrawalEndpoints.get, {
      onRequest: operatorGuard,
      handler: async (request) => withdrawals.adminGet(request.params.id),
    });
    route(app, adminWithdrawalEndpoints.pay, {
      onRequest: decisionGuard,
      handler: async (request) =>
        withdrawals.pay(
          requireOperator(request).operator.id,
          request.params.id,
          request.body.paymentReference,
        ),
    });
    route(app, adminWithdrawalEndpoints.reject, {
      onRequest: decisionGuard,
      handler: async (request) =>
        withdrawals.reject(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
  };
}
