/**
 * GET /rooms/:id/trends/rounds (public): the drawn rounds older than the first 100, page by page, asked
 * for only as the viewer scrolls past the ones shown. The pages start after the first answer's cursor.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { trendEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../lib/api-client.ts';
import { trendKeys } from './room-trends.ts';

/** Rounds per page of the older rounds: as many as the first answer brings. */
const TREND_PAGE_SIZE = 100;

export function useOlderTrendRounds(roomId: string, startCursor: string | null, wanted: boolean) {
  return useInfiniteQuery({
    queryKey: trendKeys.older(roomId),
    queryFn: ({ pageParam, signal }) =>
      call(trendEndpoints.rounds, {
        params: { id: roomId },
        query: { cursor: pageParam, limit: TREND_PAGE_SIZE },
        signal,
      }),
    initialPageParam: startCursor ?? '',
    getNextPageParam: (last) => last.nextCursor,
    enabled: wanted && startCursor !== null,
    // Older rounds never change: a live refresh of the figures leaves the pages read so far alone.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
