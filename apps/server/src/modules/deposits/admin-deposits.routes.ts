/** The operator's deposit queue: list, inspect, approve (credits once), reject. */
import { adminDepositEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireOperator } from '../../platform/guards/operator-guard.ts';
import type { DepositsService } from './deposits.service.ts';

export function adminDepositsRoutes(deps: { deposits: DepositsService }): FastifyPluginAsync {
  const { deposits } = deps;
  return async (app) => {
    route(app, adminDepositEndpoints.list, {
      handler: async (request) => deposits.adminList(request.query),
    });
    route(app, adminDepositEndpoints.get, {
      handler: async (request) => deposits.adminGet(request.params.id),
    });
    route(app, adminDepositEndpoints.approve, {
      handler: async (request) => deposits.approve(requireOperator(request).operator.id, request.params.id),
    });
    route(app, adminDepositEndpoints.reject, {
      handler: async (request) =>
        deposits.reject(requireOperator(request).operator.id, request.params.id, request.body.reason),
    });
  };
}
