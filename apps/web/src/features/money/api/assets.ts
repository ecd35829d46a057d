/** GET /me/assets: balance, withdrawable, held, totals in and out, pending counts (integer cents). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { assetEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { fundingKeys } from '../query-keys.ts';

export const assetsQueryOptions = () =>
  queryOptions({
    queryKey: fundingKeys.assets,
    queryFn: ({ signal }) => call(assetEndpoints.get, { signal }),
  });

export function useAssets() {
  return useQuery(assetsQueryOptions());
}
