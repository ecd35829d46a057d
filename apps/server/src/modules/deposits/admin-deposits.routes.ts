/** The operator's deposit queue: list, inspect, approve (credits once), reject. */
import { adminDepositEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import {
  createTwoFactorGuard,
  type OperatorGuard,
  requireOperator,
} from '../../platform/guards/operator-guard.ts';
import type { DepositsService } from './deposits.service.ts';

export function adminDepositsRoutes(deps: {
  deposits: DepositsService;
  operatorGuard: OperatorGuard;
}): FastifyPluginAsync {
  const { deposits, operatorGuard } = deps;
  // Deciding on money takes an operator with two-factor on; looking at the queues does not.
  const decisionGuard = createTwoFactorGuard(operatorGuard);
  return async (app) => {
    route(app, adminDepositEndpoints.list, {
      onRequest: operatorGuard,
      handler: async (request) => deposits.adminList(request.query),
    });
    route(app, adminDepositEndpoints.get, {
      onRequest: operatorGuard,
      handler: async (request) => deposits.adminGet(request.params.id),
    });
    route(app, adminDepositEndpoints.approve, {
      onRequest: decisionGuard,
      handler: async (request) => deposits.approve(requireOperator(request).operator.id, request.params.id),
    });
    route(app, adminDepositEndpoints.reject, {
      onRequest: decisionGuard,
      handler: async (request) =>
        deposits.reject(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
  };
}
