/** Operator accounts: list, and (admin) add one. */
import { type createOperatorRequestSchema, operatorListSchema } from '@tradehall/contracts';
import type { z } from 'zod';
import { request, requestVoid } from '../../lib/api.ts';

export type OperatorRow = z.infer<typeof operatorListSchema>['items'][number];
export type CreateOperatorRequest = z.infer<typeof createOperatorRequestSchema>;

export const operatorsKey = ['admin', 'operators'] as const;
export const operatorsQuery = {
  queryKey: operatorsKey,
  queryFn: () => request('/admin/operators', operatorListSchema),
};

// The route table does not name the answer's shape; the list is refetched afterwards anyway.
export const createOperator = (body: CreateOperatorRequest) =>
  requestVoid('/admin/operators', { method: 'POST', body });
