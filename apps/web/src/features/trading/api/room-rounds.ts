/** GET /rooms/:id/rounds: the room's rounds, newest first, cursor-paged (the verification page). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RoundView } from '@tradehall/contracts';
import { FIRST_PAGE, fetchPage, type Page } from '../../../lib/page.ts';
import { tradingKeys } from '../query-keys.ts';

export function fetchRoomRounds(
  roomId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<RoundView>> {
  return fetchPage<RoundView>(`/rooms/${encodeURIComponent(roomId)}/rounds`, cursor, signal);
}

export const roomRoundsQueryOptions = (roomId: string) =>
  infiniteQueryOptions({
    queryKey: tradingKeys.roomRounds(roomId),
    queryFn: ({ pageParam, signal }) => fetchRoomRounds(roomId, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useRoomRounds(roomId: string) {
  return useInfiniteQuery(roomRoundsQueryOptions(roomId));
}
