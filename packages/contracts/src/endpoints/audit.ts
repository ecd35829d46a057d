/** The operator audit log: every operator action, filterable. */
import { auditPageSchema, auditQuerySchema } from '../audit.ts';
import { endpoint } from '../endpoint.ts';

export const adminAuditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/audit-log',
    access: 'operator',
    tags: ['admin'],
    summary:
      'The operator audit log, newest first, by operator, action, target and time (from inclusive, to exclusive)',
    query: auditQuerySchema,
    status: 200,
    response: auditPageSchema,
    errors: [],
  }),
} as const;
