/** The ledger: a user's transactions, and the operators' audit, trial balance and transfer search. */
import { pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  adminTransferPageSchema,
  ledgerAuditResponseSchema,
  transactionPageSchema,
  transferSearchQuerySchema,
  trialBalanceSchema,
} from '../ledger.ts';

export const ledgerEndpoints = {
  transactions: endpoint({
    method: 'GET',
    path: '/transactions',
    access: 'user',
    tags: ['funding'],
    summary: 'Every ledger transfer touching my balance, newest first, signed (+ in, - out)',
    query: pageQuerySchema,
    status: 200,
    response: transactionPageSchema,
    errors: [],
  }),
  audit: endpoint({
    method: 'GET',
    path: '/admin/ledger/audit',
    access: 'operator',
    tags: ['admin'],
    summary: 'Check the ledger invariant: balances match transfers, sum to zero, none negative',
    status: 200,
    response: ledgerAuditResponseSchema,
    errors: [],
  }),
  trialBalance: endpoint({
    method: 'GET',
    path: '/admin/ledger/trial-balance',
    access: 'operator',
    tags: ['admin'],
    summary: 'Debits, credits and balance per account kind; the balances total zero',
    status: 200,
    response: trialBalanceSchema,
    errors: [],
  }),
  transfers: endpoint({
    method: 'GET',
    path: '/admin/ledger/transfers',
    access: 'operator',
    tags: ['admin'],
    summary: 'Transfers by user, account (system kind or account id), code and reference, newest first',
    query: transferSearchQuerySchema,
    status: 200,
    response: adminTransferPageSchema,
    errors: [],
  }),
} as const;
