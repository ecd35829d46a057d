/** GET /withdrawals: the withdrawal records, newest first, cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { WithdrawalView } from '@tradehall/contracts';
import { FIRST_PAGE, fetchPage, type Page } from '../../../lib/page.ts';
import { fundingKeys } from '../query-keys.ts';

export function fetchWithdrawals(cursor: string | null, signal?: AbortSignal): Promise<Page<WithdrawalView>> {
  return fetchPage<WithdrawalView>('/withdrawals', cursor, signal);
}

export const withdrawalsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: fundingKeys.withdrawals,
    queryFn: ({ pageParam, signal }) => fetchWithdrawals(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useWithdrawals() {
  return useInfiniteQuery(withdrawalsQueryOptions());
}
