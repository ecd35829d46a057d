/** GET /positions: the investment records (every position of the viewer), newest first, cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EndpointResponse } from '@tradehall/contracts';
import { positionEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { FIRST_PAGE, pageQuery } from '../../../lib/page.ts';
import { tradingKeys } from '../query-keys.ts';

export function fetchPositions(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<EndpointResponse<typeof positionEndpoints.list>> {
  return call(positionEndpoints.list, { query: pageQuery(cursor), signal });
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
