/** Operator accounts: list, and (admin) add one or reset another's two-factor. */
import {
  type createOperatorRequestSchema,
  operatorListSchema,
  type resetOperatorTotpRequestSchema,
} from '@tradehall/contracts';
import type { z } from 'zod';
import { request, requestVoid } from '../../lib/api.ts';

export type OperatorRow = z.infer<typeof operatorListSchema>['items'][number];
export type CreateOperatorRequest = z.infer<typeof createOperatorRequestSchema>;
export type ResetOperatorTotpRequest = z.infer<typeof resetOperatorTotpRequestSchema>;

export const operatorsKey = ['admin', 'operators'] as const;
export const operatorsQuery = {
  queryKey: operatorsKey,
  queryFn: () => request('/admin/operators', operatorListSchema),
};

// The route table does not name the answer's shape; the list is refetched afterwards anyway.
export const createOperator = (body: CreateOperatorRequest) =>
  requestVoid('/admin/operators', { method: 'POST', body });

/** Admin only, with the admin's own current two-factor code (step-up); the list is refetched afterwards. */
export const resetOperatorTotp = (id: string, body: ResetOperatorTotpRequest) =>
  requestVoid(`/admin/operators/${id}/totp/reset`, { method: 'POST', body });
