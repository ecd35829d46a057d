/**
 * POST /deposits: a recharge request (offline transfer, crypto, or card payment), pending until an operator
 * or the card gateway decides. Carries the submission's idempotency key.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDepositRequest, DepositView } from '@tradehall/contracts';
import { depositEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { refreshMoney } from '../query-keys.ts';

export function createRecharge(request: CreateDepositRequest): Promise<DepositView> {
  return call(depositEndpoints.create, { body: request });
}

export function useCreateRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecharge,
    // A pending deposit shows in the records and in the unprocessed count.
    onSuccess: () => refreshMoney(queryClient),
  });
}
