/** GET /wallets: the user's wallet addresses (type, masked address). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletView } from '@tradehall/contracts';
import { api } from '../../../lib/api-client.ts';
import { fundingKeys } from '../query-keys.ts';

export function fetchWallets(signal?: AbortSignal): Promise<{ items: WalletView[] }> {
  return api.get<{ items: WalletView[] }>('/wallets', undefined, signal);
}

export const walletsQueryOptions = () =>
  queryOptions({
    queryKey: fundingKeys.wallets,
    queryFn: ({ signal }) => fetchWallets(signal),
  });

export function useWallets() {
  return useQuery(walletsQueryOptions());
}
