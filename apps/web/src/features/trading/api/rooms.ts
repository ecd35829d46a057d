/**
 * GET /rooms (public): every room with its current round. Signed in, `qualified` and `missingForEntry`
 * are the viewer's. An answer never moves a room's current round back (see round-copies.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomList } from '@tradehall/contracts';
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';
import { mergeRoomList } from '../round-copies.ts';

export function fetchRooms(signal?: AbortSignal): Promise<RoomList> {
  return call(roomEndpoints.list, { signal });
}

export const roomsQueryOptions = () =>
  queryOptions({
    queryKey: tradingKeys.rooms,
    queryFn: async ({ signal, client, queryKey }) => {
      const fresh = await fetchRooms(signal);
      // Read after the answer, not before: what the cache holds when the answer lands.
      return mergeRoomList(client.getQueryData<RoomList>(queryKey), fresh);
    },
  });

export function useRooms() {
  return useQuery(roomsQueryOptions());
}
