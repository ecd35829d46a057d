/** GET /transactions: every ledger transfer touching the user, signed from their side, newest first. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TransactionView } from '@tradehall/contracts';
import { FIRST_PAGE, fetchPage, type Page } from '../../../lib/page.ts';
import { fundingKeys } from '../query-keys.ts';

export function fetchTransactions(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<TransactionView>> {
  return fetchPage<TransactionView>('/transactions', cursor, signal);
}

export const transactionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: fundingKeys.transactions,
    queryFn: ({ pageParam, signal }) => fetchTransactions(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useTransactions() {
  return useInfiniteQuery(transactionsQueryOptions());
}
