/** GET /me/assets: balance, withdrawable, held, totals in and out, pending counts (integer cents). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { assetEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { moneyKeys } from '../query-keys.ts';

export const assetsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKeys.assets,
    queryFn: ({ signal }) => call(assetEndpoints.get, { signal }),
  });

export function useAssets() {
  return useQuery(assetsQueryOptions());
}
