/**
 * POST /withdrawals: holds the amount and queues the payout to one of the user's own cards or wallets.
 * Needs the payment password; carries the submission's idempotency key.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWithdrawalRequest, WithdrawalView } from '@tradehall/contracts';
import { withdrawalEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { refreshMoney } from '../query-keys.ts';

export function createWithdrawal(request: CreateWithdrawalRequest): Promise<WithdrawalView> {
  return call(withdrawalEndpoints.create, { body: request });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: () => refreshMoney(queryClient),
  });
}
