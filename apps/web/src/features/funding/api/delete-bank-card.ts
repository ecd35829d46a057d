/** DELETE /bank-cards/:id: removes one of the user's cards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fundingKeys } from '../query-keys.ts';

export function deleteBankCard(id: string): Promise<unknown> {
  return api.delete<unknown>(`/bank-cards/${encodeURIComponent(id)}`);
}

export function useDeleteBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundingKeys.bankCards }),
  });
}
