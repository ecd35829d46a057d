/**
 * GET /rounds/:id/public: one round as anyone sees it, found by its id however old it is. A link to a
 * round opened signed out (the round card's, an investment record's) shows it from this.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoundView } from '@tradehall/contracts';
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';

export function fetchPublicRound(id: string, signal?: AbortSignal): Promise<RoundView> {
  return call(roomEndpoints.publicRound, { params: { id }, signal });
}

export const publicRoundQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tradingKeys.publicRound(id),
    queryFn: ({ signal }) => fetchPublicRound(id, signal),
  });

export function usePublicRound(id: string) {
  return useQuery(publicRoundQueryOptions(id));
}
