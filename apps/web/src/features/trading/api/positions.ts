/** GET /positions: the investment records (every position of the viewer), newest first, cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PositionView } from '@tradehall/contracts';
import { FIRST_PAGE, fetchPage, type Page } from '../../../lib/page.ts';
import { tradingKeys } from '../query-keys.ts';

export function fetchPositions(cursor: string | null, signal?: AbortSignal): Promise<Page<PositionView>> {
  return fetchPage<PositionView>('/positions', cursor, signal);
}

export const positionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: tradingKeys.positions,
    queryFn: ({ pageParam, signal }) => fetchPositions(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
  });

export function usePositions() {
  return useInfiniteQuery(positionsQueryOptions());
}
