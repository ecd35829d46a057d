/** GET /me: the account shown on My account (money in integer cents). */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@tradehall/contracts';
import { api } from '../../../lib/api-client.ts';

export function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return api.get<MeResponse>('/me', undefined, signal);
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'] as const,
    queryFn: ({ signal }) => fetchMe(signal),
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
