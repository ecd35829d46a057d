/** The ledger: trial balance, the invariant audit, and transfer search. */
import type { EndpointResponse } from '@tradehall/contracts';
import { ledgerEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../lib/api.ts';

export type TrialBalance = EndpointResponse<typeof ledgerEndpoints.trialBalance>;
export type AdminTransfer = EndpointResponse<typeof ledgerEndpoints.transfers>['items'][number];

export interface TransferFilters {
  userId?: string;
  account?: string;
  code?: string;
  reference?: string;
}

export const trialBalanceQuery = {
  queryKey: ['admin', 'ledger', 'trial-balance'] as const,
  queryFn: () => call(ledgerEndpoints.trialBalance),
};

export const auditQuery = {
  queryKey: ['admin', 'ledger', 'audit'] as const,
  queryFn: () => call(ledgerEndpoints.audit),
};

export const transfersKey = (filters: TransferFilters) => ['admin', 'ledger', 'transfers', filters] as const;
export const fetchTransferPage = (filters: TransferFilters, cursor?: string) =>
  call(ledgerEndpoints.transfers, { query: { ...filters, cursor, limit: 50 } });
