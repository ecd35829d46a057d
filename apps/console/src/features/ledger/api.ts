/** The ledger: trial balance, the invariant audit, and transfer search. */
import { adminTransferPageSchema, ledgerAuditResponseSchema, trialBalanceSchema } from '@tradehall/contracts';
import type { z } from 'zod';
import { request, withQuery } from '../../lib/api.ts';

export type TrialBalance = z.infer<typeof trialBalanceSchema>;
export type AdminTransfer = z.infer<typeof adminTransferPageSchema>['items'][number];

export interface TransferFilters {
  userId?: string;
  account?: string;
  code?: string;
  reference?: string;
}

export const trialBalanceQuery = {
  queryKey: ['admin', 'ledger', 'trial-balance'] as const,
  queryFn: () => request('/admin/ledger/trial-balance', trialBalanceSchema),
};

export const auditQuery = {
  queryKey: ['admin', 'ledger', 'audit'] as const,
  queryFn: () => request('/admin/ledger/audit', ledgerAuditResponseSchema),
};

export const transfersKey = (filters: TransferFilters) => ['admin', 'ledger', 'transfers', filters] as const;
export const fetchTransferPage = (filters: TransferFilters, cursor?: string) =>
  request(withQuery('/admin/ledger/transfers', { ...filters, cursor, limit: 50 }), adminTransferPageSchema);
