/** Users: search, the detail view, and the operator actions on an account. */
import type { adminUserDetailSchema, adminUserSchema } from '@tradehall/contracts';
import { adminUserEndpoints } from '@tradehall/contracts/endpoints';
import type { z } from 'zod';
import { call } from '../../lib/api.ts';

export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const usersKey = ['admin', 'users'] as const;

export const fetchUserPage = (q: string, cursor?: string) =>
  call(adminUserEndpoints.list, { query: { q, cursor, limit: 50 } });

export const userDetailQuery = (id: string) => ({
  queryKey: [...usersKey, 'one', id] as const,
  queryFn: () => call(adminUserEndpoints.get, { params: { id } }),
});

export const freezeUser = (id: string, reason: string) =>
  call(adminUserEndpoints.freeze, { params: { id }, body: { reason } });
export const unfreezeUser = (id: string, reason: string) =>
  call(adminUserEndpoints.unfreeze, { params: { id }, body: { reason } });
export const setCreditScore = (id: string, score: number, reason: string) =>
  call(adminUserEndpoints.setCreditScore, { params: { id }, body: { score, reason } });
export const forcePasswordReset = (id: string, reason: string) =>
  call(adminUserEndpoints.forcePasswordReset, { params: { id }, body: { reason } });

export const adjustBalance = (id: string, body: { amount: number; reason: string; idempotencyKey: string }) =>
  call(adminUserEndpoints.adjustBalance, { params: { id }, body });
