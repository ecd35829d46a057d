/** DELETE /wallets/:id: removes one of the user's wallet addresses. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fundingKeys } from '../query-keys.ts';

export function deleteWallet(id: string): Promise<unknown> {
  return api.delete<unknown>(`/wallets/${encodeURIComponent(id)}`);
}

export function useDeleteWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWallet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundingKeys.wallets }),
  });
}
