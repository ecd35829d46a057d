/** GET /rooms/:id/rounds: the room's rounds, newest first, cursor-paged (the verification page). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EndpointResponse } from '@tradehall/contracts';
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { FIRST_PAGE, pageQuery } from '../../../lib/page.ts';
import { tradingKeys } from '../query-keys.ts';

export function fetchRoomRounds(
  roomId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<EndpointResponse<typeof roomEndpoints.rounds>> {
  return call(roomEndpoints.rounds, { params: { id: roomId }, query: pageQuery(cursor), signal });
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
