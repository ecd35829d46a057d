/**
 * GET /rooms/:id/rounds?limit=2: the room's two newest rounds, for the round page to show the round before
 * the current one when it opens (a user who comes in while it is still drawing sees it settle).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointResponse } from '@tradehall/contracts';
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';

export function fetchRecentRounds(
  roomId: string,
  signal?: AbortSignal,
): Promise<EndpointResponse<typeof roomEndpoints.rounds>> {
  return call(roomEndpoints.rounds, { params: { id: roomId }, query: { limit: 2 }, signal });
}

export const recentRoundsQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: tradingKeys.recentRounds(roomId),
    queryFn: ({ signal }) => fetchRecentRounds(roomId, signal),
  });

export function useRecentRounds(roomId: string) {
  return useQuery(recentRoundsQueryOptions(roomId));
}
