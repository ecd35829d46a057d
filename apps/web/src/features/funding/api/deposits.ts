/** GET /deposits: the recharge records, newest first, cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DepositView } from '@tradehall/contracts';
import { FIRST_PAGE, fetchPage, type Page } from '../../../lib/page.ts';
import { fundingKeys } from '../query-keys.ts';

export function fetchDeposits(cursor: string | null, signal?: AbortSignal): Promise<Page<DepositView>> {
  return fetchPage<DepositView>('/deposits', cursor, signal);
}

export const depositsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: fundingKeys.deposits,
    queryFn: ({ pageParam, signal }) => fetchDeposits(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useDeposits() {
  return useInfiniteQuery(depositsQueryOptions());
}
