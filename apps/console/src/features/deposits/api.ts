/** The deposit queue: list by status and method, one deposit, approve (credits once), reject. */
import type { depositMethodSchema, depositStatusSchema } from '@tradehall/contracts';
import { adminDepositEndpoints } from '@tradehall/contracts/endpoints';
import type { z } from 'zod';
import { call } from '../../lib/api.ts';

export type DepositStatusFilter = z.infer<typeof depositStatusSchema> | undefined;
export type DepositMethodFilter = z.infer<typeof depositMethodSchema> | undefined;

export const depositsKey = ['admin', 'deposits'] as const;

export const fetchDepositPage = (status: DepositStatusFilter, method: DepositMethodFilter, cursor?: string) =>
  call(adminDepositEndpoints.list, { query: { status, method, cursor, limit: 50 } });

export const depositQuery = (id: string) => ({
  queryKey: [...depositsKey, 'one', id] as const,
  queryFn: () => call(adminDepositEndpoints.get, { params: { id } }),
});

export const approveDeposit = (id: string) => call(adminDepositEndpoints.approve, { params: { id } });

export const rejectDeposit = (id: string, reason: string) =>
  call(adminDepositEndpoints.reject, { params: { id }, body: { reason } });
