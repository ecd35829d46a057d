/** DELETE /bank-cards/:id: removes one of the user's cards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointResponse } from '@tradehall/contracts';
import { bankCardEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { moneyKeys } from '../query-keys.ts';

export function deleteBankCard(id: string): Promise<EndpointResponse<typeof bankCardEndpoints.remove>> {
  return call(bankCardEndpoints.remove, { params: { id } });
}

export function useDeleteBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.bankCards }),
  });
}
