/** The withdrawal queue: list by status, one withdrawal, mark paid with a reference, reject (refunds). */
import type { withdrawalDestinationSchema, withdrawalStatusSchema } from '@tradehall/contracts';
import { adminWithdrawalEndpoints } from '@tradehall/contracts/endpoints';
import type { z } from 'zod';
import { call } from '../../lib/api.ts';

export type WithdrawalStatusFilter = z.infer<typeof withdrawalStatusSchema> | undefined;
export type WithdrawalMethodFilter = z.infer<typeof withdrawalDestinationSchema> | undefined;
export const WITHDRAWAL_METHODS = ['bank_card', 'wallet'] as const satisfies ReadonlyArray<
  NonNullable<WithdrawalMethodFilter>
>;

export const withdrawalsKey = ['admin', 'withdrawals'] as const;

export const fetchWithdrawalPage = (
  status: WithdrawalStatusFilter,
  destinationType: WithdrawalMethodFilter,
  cursor?: string,
) => call(adminWithdrawalEndpoints.list, { query: { status, destinationType, cursor, limit: 50 } });

export const withdrawalQuery = (id: string) => ({
  queryKey: [...withdrawalsKey, 'one', id] as const,
  queryFn: () => call(adminWithdrawalEndpoints.get, { params: { id } }),
});

export const payWithdrawal = (id: string, paymentReference: string) =>
  call(adminWithdrawalEndpoints.pay, { params: { id }, body: { paymentReference } });

export const rejectWithdrawal = (id: string, reason: string) =>
  call(adminWithdrawalEndpoints.reject, { params: { id }, body: { reason } });
