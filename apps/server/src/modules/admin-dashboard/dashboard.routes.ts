/** GET /admin/dashboard */
import { dashboardSchema } from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OperatorGuard } from '../../platform/guards/operator-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(deps: {
  dashboard: DashboardService;
  operatorGuard: OperatorGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/dashboard',
      {
        onRequest: deps.operatorGuard,
        schema: {
          tags: ['admin'],
          security: [{ operatorBearer: [] }],
          summary:
            'Pending deposits and withdrawals, today’s volume, active users, house result, ledger status',
          response: { 200: dashboardSchema, ...errorResponses },
        },
      },
      async () => deps.dashboard.dashboard(),
    );
  };
}
