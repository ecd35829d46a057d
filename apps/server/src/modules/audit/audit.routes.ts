/** GET /admin/audit-log: every operator action, filterable. */
import { adminAuditEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import type { AuditService } from './audit.service.ts';

export function auditRoutes(deps: { audit: AuditService }): FastifyPluginAsync {
  return async (app) => {
    route(app, adminAuditEndpoints.list, {
      handler: async (request) => deps.audit.list(request.query),
    });
  };
}
