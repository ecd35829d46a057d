/** Users: search, the detail view, and the operator actions on an account. */
import {
  adminUserDetailSchema,
  adminUserPageSchema,
  adminUserSchema,
  balanceAdjustmentResponseSchema,
} from '@tradehall/contracts';
import type { z } from 'zod';
import { request, withQuery } from '../../lib/api.ts';

export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const usersKey = ['admin', 'users'] as const;

export const fetchUserPage = (q: string, cursor?: string) =>
  request(withQuery('/admin/users', { q, cursor, limit: 50 }), adminUserPageSchema);

export const userDetailQuery = (id: string) => ({
  queryKey: [...usersKey, 'one', id] as const,
  queryFn: () => request(`/admin/users/${id}`, adminUserDetailSchema),
});

const post = (id: string, action: string, body: unknown) =>
  request(`/admin/users/${id}/${action}`, adminUserSchema, { method: 'POST', body });

export const freezeUser = (id: string, reason: string) => post(id, 'freeze', { reason });
export const unfreezeUser = (id: string, reason: string) => post(id, 'unfreeze', { reason });
export const setCreditScore = (id: string, score: number, reason: string) =>
  post(id, 'credit-score', { score, reason });
export const forcePasswordReset = (id: string, reason: string) => post(id, 'password-reset', { reason });

export const adjustBalance = (id: string, body: { amount: number; reason: string; idempotencyKey: string }) =>
  request(`/admin/users/${id}/balance-adjustments`, balanceAdjustmentResponseSchema, {
    method: 'POST',
    body,
  });
