/** The withdrawal queue: list by status, one withdrawal, mark paid with a reference, reject (refunds). */
import {
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  type withdrawalDestinationSchema,
  type withdrawalStatusSchema,
} from '@tradehall/contracts';
import type { z } from 'zod';
import { request, withQuery } from '../../lib/api.ts';

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
) =>
  request(
    withQuery('/admin/withdrawals', { status, destinationType, cursor, limit: 50 }),
    adminWithdrawalPageSchema,
  );

export const withdrawalQuery = (id: string) => ({
  queryKey: [...withdrawalsKey, 'one', id] as const,
  queryFn: () => request(`/admin/withdrawals/${id}`, adminWithdrawalSchema),
});

export const payWithdrawal = (id: string, paymentReference: string) =>
  request(`/admin/withdrawals/${id}/pay`, adminWithdrawalSchema, {
    method: 'POST',
    body: { paymentReference },
  });

export const rejectWithdrawal = (id: string, reason: string) =>
  request(`/admin/withdrawals/${id}/reject`, adminWithdrawalSchema, { method: 'POST', body: { reason } });
