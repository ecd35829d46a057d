/** GET /me/assets: balance, withdrawable, held, totals in and out, pending counts (integer cents). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssetsResponse } from '@tradehall/contracts';
import { api } from '../../../lib/api-client.ts';
import { fundingKeys } from '../query-keys.ts';

export function fetchAssets(signal?: AbortSignal): Promise<AssetsResponse> {
  return api.get<AssetsResponse>('/me/assets', undefined, signal);
}

export const assetsQueryOptions = () =>
  queryOptions({
    queryKey: fundingKeys.assets,
    queryFn: ({ signal }) => fetchAssets(signal),
  });

export function useAssets() {
  return useQuery(assetsQueryOptions());
}
