/** POST /bank-cards: binds a card; the payee must be the account's real name (PAYEE_MISMATCH). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankCardView, CreateBankCardRequest } from '@tradehall/contracts';
import { bankCardEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { moneyKeys } from '../query-keys.ts';

export function createBankCard(request: CreateBankCardRequest): Promise<BankCardView> {
  return call(bankCardEndpoints.create, { body: request });
}

export function useCreateBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBankCard,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.bankCards }).catch(() => {});
    },
  });
}
