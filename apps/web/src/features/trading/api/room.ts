/** GET /rooms/:id: one room, its limits and current round (and, signed in, whether the viewer qualifies). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomView } from '@tradehall/contracts';
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';
import { mergeRoom } from '../round-copies.ts';

export function fetchRoom(id: string, signal?: AbortSignal): Promise<RoomView> {
  return call(roomEndpoints.get, { params: { id }, signal });
}

/**
 * How long an answer counts as fresh: long enough that the page mounting right after the first screen's
 * prefetch (app/first-data.ts) uses that answer instead of asking again, short enough that coming back
 * to the room later asks anew (round events keep it current in between). An answer never moves the
 * current round back (an event that came while the request was in flight is kept).
 */
const ROOM_FRESH_MS = 3_000;

export const roomQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tradingKeys.room(id),
    queryFn: async ({ signal, client, queryKey }) => {
      const fresh = await fetchRoom(id, signal);
      // Read after the answer, not before: what the cache holds when the answer lands.
      return mergeRoom(client.getQueryData<RoomView>(queryKey), fresh);
    },
    staleTime: ROOM_FRESH_MS,
  });

export function useRoom(id: string) {
  return useQuery(roomQueryOptions(id));
}
