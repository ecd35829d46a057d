/** GET /withdrawals: the withdrawal records, newest first, cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { withdrawalEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { FIRST_PAGE, pageQuery } from '../../../lib/page.ts';
import { fundingKeys } from '../query-keys.ts';

export const withdrawalsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: fundingKeys.withdrawals,
    queryFn: ({ pageParam, signal }) =>
      call(withdrawalEndpoints.list, { query: pageQuery(pageParam), signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useWithdrawals() {
  return useInfiniteQuery(withdrawalsQueryOptions());
}
