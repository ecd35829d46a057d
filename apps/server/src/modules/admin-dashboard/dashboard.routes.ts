/** GET /admin/dashboard */
import { adminDashboardEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import type { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(deps: { dashboard: DashboardService }): FastifyPluginAsync {
  return async (app) => {
    route(app, adminDashboardEndpoints.get, {
      handler: async () => deps.dashboard.dashboard(),
    });
  };
}
