/** The deposit queue: list by status and method, one deposit, approve (credits once), reject. */
import {
  adminDepositPageSchema,
  adminDepositSchema,
  type depositMethodSchema,
  type depositStatusSchema,
} from '@tradehall/contracts';
import type { z } from 'zod';
import { request, withQuery } from '../../lib/api.ts';

export type DepositStatusFilter = z.infer<typeof depositStatusSchema> | undefined;
export type DepositMethodFilter = z.infer<typeof depositMethodSchema> | undefined;

export const depositsKey = ['admin', 'deposits'] as const;

export const fetchDepositPage = (status: DepositStatusFilter, method: DepositMethodFilter, cursor?: string) =>
  request(withQuery('/admin/deposits', { status, method, cursor, limit: 50 }), adminDepositPageSchema);

export const depositQuery = (id: string) => ({
  queryKey: [...depositsKey, 'one', id] as const,
  queryFn: () => request(`/admin/deposits/${id}`, adminDepositSchema),
});

export const approveDeposit = (id: string) =>
  request(`/admin/deposits/${id}/approve`, adminDepositSchema, { method: 'POST', body: {} });

export const rejectDeposit = (id: string, reason: string) =>
  request(`/admin/deposits/${id}/reject`, adminDepositSchema, { method: 'POST', body: { reason } });
