/** POST /me/payment-password: sets the 6-digit payment password; changing one needs the login password. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse, PaymentPasswordRequest } from '@tradehall/contracts';
import { accountEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { meQueryOptions } from './me.ts';

export function setPaymentPassword(request: PaymentPasswordRequest): Promise<OkResponse> {
  return call(accountEndpoints.setPaymentPassword, { body: request });
}

export function useSetPaymentPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentPassword,
    // hasPaymentPassword changes from false to true on the first one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}
