/** GET /rooms/:id: one room, its limits and current round (and, signed in, whether the viewer qualifies). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomView } from '@tradehall/contracts';
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';

export function fetchRoom(id: string, signal?: AbortSignal): Promise<RoomView> {
  return call(roomEndpoints.get, { params: { id }, signal });
}

/**
 * How long an answer counts as fresh: long enough that the page mounting right after the first screen's
 * prefetch (app/first-data.ts) uses that answer instead of asking again, short enough that coming back
 * to the room later asks anew (round events keep it current in between).
 */
const ROOM_FRESH_MS = 3_000;

export const roomQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tradingKeys.room(id),
    queryFn: ({ signal }) => fetchRoom(id, signal),
    staleTime: ROOM_FRESH_MS,
  });

export function useRoom(id: string) {
  return useQuery(roomQueryOptions(id));
}
