/** The operator audit log, filtered; the operator list feeds the operator filter. */
import type { auditEntrySchema } from '@tradehall/contracts';
import { adminAuditEndpoints, operatorEndpoints } from '@tradehall/contracts/endpoints';
import type { z } from 'zod';
import { call } from '../../lib/api.ts';

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
  queryFn: () => call(operatorEndpoints.list),
};
