/**
 * GET /rooms (public): every room with its current round. Signed in, `qualified` and `missingForEntry`
 * are the viewer's.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomList } from '@tradehall/contracts';
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';

export function fetchRooms(signal?: AbortSignal): Promise<RoomList> {
  return call(roomEndpoints.list, { signal });
}

export const roomsQueryOptions = () =>
  queryOptions({
    queryKey: tradingKeys.rooms,
    queryFn: ({ signal }) => fetchRooms(signal),
  });

export function useRooms() {
  return useQuery(roomsQueryOptions());
}
