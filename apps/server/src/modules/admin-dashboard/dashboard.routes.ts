/** GET /admin/dashboard */
import { adminDashboardEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import type { OperatorGuard } from '../../platform/guards/operator-guard.ts';
import type { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(deps: {
  dashboard: DashboardService;
  operatorGuard: OperatorGuard;
}): FastifyPluginAsync {
  return async (app) => {
    route(app, adminDashboardEndpoints.get, {
      onRequest: deps.operatorGuard,
      handler: async () => deps.dashboard.dashboard(),
    });
  };
}
