/** GET /deposits: the recharge records, newest first, cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { depositEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { FIRST_PAGE, pageQuery } from '../../../lib/page.ts';
import { fundingKeys } from '../query-keys.ts';

export const depositsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: fundingKeys.deposits,
    queryFn: ({ pageParam, signal }) => call(depositEndpoints.list, { query: pageQuery(pageParam), signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useDeposits() {
  return useInfiniteQuery(depositsQueryOptions());
}
