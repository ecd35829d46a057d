/**
 * GET /rooms (public): every room with its current round. Signed in, `qualified` and `missingForEntry`
 * are the viewer's.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomView } from '@tradehall/contracts';
import { api } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';

export interface RoomList {
  items: RoomView[];
}

export function fetchRooms(signal?: AbortSignal): Promise<RoomList> {
  return api.get<RoomList>('/rooms', undefined, signal);
}

export const roomsQueryOptions = () =>
  queryOptions({
    queryKey: tradingKeys.rooms,
    queryFn: ({ signal }) => fetchRooms(signal),
  });

export function useRooms() {
  return useQuery(roomsQueryOptions());
}
