/** GET /admin/audit-log: every operator action, filterable. */
import { auditPageSchema, auditQuerySchema } from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OperatorGuard } from '../../platform/guards/operator-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { AuditService } from './audit.service.ts';

export function auditRoutes(deps: {
  audit: AuditService;
  operatorGuard: OperatorGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/audit-log',
      {
        onRequest: deps.operatorGuard,
        schema: {
          tags: ['admin'],
          security: [{ operatorBearer: [] }],
          summary:
            'The operator audit log, newest first, by operator, action, target and time (from inclusive, to exclusive)',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...errorResponses },
        },
      },
      async (request) => deps.audit.list(request.query),
    );
  };
}
