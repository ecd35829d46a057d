/** DELETE /wallets/:id: removes one of the user's wallet addresses. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointResponse } from '@tradehall/contracts';
import { walletEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { moneyKeys } from '../query-keys.ts';

export function deleteWallet(id: string): Promise<EndpointResponse<typeof walletEndpoints.remove>> {
  return call(walletEndpoints.remove, { params: { id } });
}

export function useDeleteWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWallet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.wallets }),
  });
}
