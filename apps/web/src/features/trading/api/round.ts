/** GET /rounds/:id: one round (status, times, commitment, result once drawn) and the viewer's positions in it. */
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { RoundDetail } from '@tradehall/contracts';
import { api } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';

export function fetchRound(id: string, signal?: AbortSignal): Promise<RoundDetail> {
  return api.get<RoundDetail>(`/rounds/${encodeURIComponent(id)}`, undefined, signal);
}

/** With no id (no round chosen yet) nothing is asked. */
export const roundQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: tradingKeys.round(id ?? ''),
    queryFn: id === null ? skipToken : ({ signal }) => fetchRound(id, signal),
  });

export function useRound(id: string | null) {
  return useQuery(roundQueryOptions(id));
}
