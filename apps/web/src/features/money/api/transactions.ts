/** GET /transactions: every ledger transfer touching the user, signed from their side, newest first. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { ledgerEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { moneyKeys } from '../query-keys.ts';

export const transactionsQueryOptions = () =>
  pagedQueryOptions(moneyKeys.transactions, (query, signal) =>
    call(ledgerEndpoints.transactions, { query, signal }),
  );

export function useTransactions() {
  return useInfiniteQuery(transactionsQueryOptions());
}
