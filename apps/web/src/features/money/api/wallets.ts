/** GET /wallets: the user's wallet addresses (type, masked address). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { moneyKeys } from '../query-keys.ts';

export const walletsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKeys.wallets,
    queryFn: ({ signal }) => call(walletEndpoints.list, { signal }),
  });

export function useWallets() {
  return useQuery(walletsQueryOptions());
}
