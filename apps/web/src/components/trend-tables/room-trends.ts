/**
 * GET /rooms/:id/trends (public): a room's trend tables, every figure computed by the server from its
 * settled rounds, with the newest 100 drawn rounds. Shared by the Trend tab and the room's Trends tab.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomTrends } from '@tradehall/contracts';
import { trendEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../lib/api-client.ts';

export const trendKeys = {
  /** Every trend query of a room starts with this key, so invalidating it covers the older pages too. */
  room: (roomId: string) => ['trends', roomId] as const,
  older: (roomId: string) => ['trends', roomId, 'older'] as const,
};

export const roomTrendsQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: trendKeys.room(roomId),
    queryFn: ({ signal }): Promise<RoomTrends> =>
      call(trendEndpoints.room, { params: { id: roomId }, signal }),
  });

export function useRoomTrends(roomId: string) {
  return useQuery(roomTrendsQueryOptions(roomId));
}
