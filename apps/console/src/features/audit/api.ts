/** The operator audit log, filtered; the operator list feeds the operator filter. */
import { type auditEntrySchema, operatorListSchema } from '@tradehall/contracts';
import { adminAuditEndpoints } from '@tradehall/contracts/endpoints';
import type { z } from 'zod';
import { call, request } from '../../lib/api.ts';

export type AuditEntry = z.infer<typeof auditEntrySchema>;

export interface AuditFilters {
  operatorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Unix seconds, inclusive. */
  from?: number;
  to?: number;
}

export const auditKey = (filters: AuditFilters) => ['admin', 'audit', filters] as const;
export const fetchAuditPage = (filters: AuditFilters, cursor?: string) =>
  call(adminAuditEndpoints.list, { query: { ...filters, cursor, limit: 50 } });

export const operatorsQuery = {
  queryKey: ['admin', 'operators'] as const,
  queryFn: () => request('/admin/operators', operatorListSchema),
};
