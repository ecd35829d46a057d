/**
 * GET /me: the logged-in account (money in integer cents). Server state that several features read (My
 * account, top-up, withdraw, bind card), so it lives here once: one query key, one cache entry, and every
 * money operation invalidates it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@tradehall/contracts';
import { accountEndpoints } from '@tradehall/contracts/endpoints';
import { call } from './api-client.ts';

export function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return call(accountEndpoints.me, { signal });
}

export const ME_QUERY_KEY = ['me'] as const;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => fetchMe(signal),
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
