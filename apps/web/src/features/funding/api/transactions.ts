/** GET /transactions: every ledger transfer touching the user, signed from their side, newest first. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ledgerEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { FIRST_PAGE, pageQuery } from '../../../lib/page.ts';
import { fundingKeys } from '../query-keys.ts';

export const transactionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: fundingKeys.transactions,
    queryFn: ({ pageParam, signal }) =>
      call(ledgerEndpoints.transactions, { query: pageQuery(pageParam), signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useTransactions() {
  return useInfiniteQuery(transactionsQueryOptions());
}
