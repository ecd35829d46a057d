/** Operator accounts: list, and (admin) add one or reset another's two-factor. */
import type {
  createOperatorRequestSchema,
  operatorListSchema,
  resetOperatorTotpRequestSchema,
} from '@tradehall/contracts';
import { operatorEndpoints } from '@tradehall/contracts/endpoints';
import type { z } from 'zod';
import { call } from '../../lib/api.ts';

export type OperatorRow = z.infer<typeof operatorListSchema>['items'][number];
export type CreateOperatorRequest = z.infer<typeof createOperatorRequestSchema>;
export type ResetOperatorTotpRequest = z.infer<typeof resetOperatorTotpRequestSchema>;

export const operatorsKey = ['admin', 'operators'] as const;
export const operatorsQuery = {
  queryKey: operatorsKey,
  queryFn: () => call(operatorEndpoints.list),
};

/** Admin only; the list is refetched afterwards. */
export const createOperator = (body: CreateOperatorRequest) => call(operatorEndpoints.create, { body });

/** Admin only, with the admin's own current two-factor code (step-up); the list is refetched afterwards. */
export const resetOperatorTotp = (id: string, body: ResetOperatorTotpRequest) =>
  call(operatorEndpoints.resetTotp, { params: { id }, body });
