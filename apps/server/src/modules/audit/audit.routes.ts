/** GET /admin/audit-log: every operator action, filterable. */
import { adminAuditEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import type { OperatorGuard } from '../../platform/guards/operator-guard.ts';
import type { AuditService } from './audit.service.ts';

export function auditRoutes(deps: { audit: AuditService; operatorGuard: OperatorGuard }): FastifyPluginAsync {
  return async (app) => {
    route(app, adminAuditEndpoints.list, {
      onRequest: deps.operatorGuard,
      handler: async (request) => deps.audit.list(request.query),
    });
  };
}
