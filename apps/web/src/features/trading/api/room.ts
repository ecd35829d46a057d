/** GET /rooms/:id: one room, its limits and current round (and, signed in, whether the viewer qualifies). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomView } from '@tradehall/contracts';
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';

export function fetchRoom(id: string, signal?: AbortSignal): Promise<RoomView> {
  return call(roomEndpoints.get, { params: { id }, signal });
}

export const roomQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tradingKeys.room(id),
    queryFn: ({ signal }) => fetchRoom(id, signal),
  });

export function useRoom(id: string) {
  return useQuery(roomQueryOptions(id));
}
