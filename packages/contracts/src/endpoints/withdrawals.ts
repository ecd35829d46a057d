/** Withdrawals: a user's requests and the operators' queue that pays or rejects them. */
import { idParamsSchema, pageQuerySchema, rejectRequestSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  adminWithdrawalPageSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalSchema,
  createWithdrawalRequestSchema,
  markPaidRequestSchema,
  withdrawalPageSchema,
  withdrawalSchema,
} from '../withdrawals.ts';

export const withdrawalEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/withdrawals',
    access: 'user',
    tags: ['funding'],
    summary:
      'Withdraw to one of my cards or wallets with the payment password; the amount is held until ' +
      'an operator pays or rejects it. Idempotent by key',
    body: createWithdrawalRequestSchema,
    status: 201,
    response: withdrawalSchema,
    errors: [
      'ACCOUNT_FROZEN',
      'PAYMENT_PASSWORD_REQUIRED',
      'PAYMENT_PASSWORD_WRONG',
      'PAYMENT_PASSWORD_LOCKED',
      'WITHDRAWAL_BELOW_MINIMUM',
      'WITHDRAWAL_ABOVE_MAXIMUM',
      'WITHDRAWAL_DAILY_LIMIT',
      'EXCEEDS_WITHDRAWABLE',
      'INSUFFICIENT_FUNDS',
      'IDEMPOTENCY_CONFLICT',
    ],
  }),
  list: endpoint({
    method: 'GET',
    path: '/withdrawals',
    access: 'user',
    tags: ['funding'],
    summary: 'My withdrawals, newest first',
    query: pageQuerySchema,
    status: 200,
    response: withdrawalPageSchema,
    errors: [],
  }),
} as const;

export const adminWithdrawalEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/withdrawals',
    access: 'operator',
    tags: ['admin'],
    summary: 'Withdrawals, newest first, optionally by status',
    query: adminWithdrawalQuerySchema,
    status: 200,
    response: adminWithdrawalPageSchema,
    errors: [],
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/withdrawals/:id',
    access: 'operator',
    tags: ['admin'],
    summary: 'One withdrawal, with the full destination',
    params: idParamsSchema,
    status: 200,
    response: adminWithdrawalSchema,
    errors: [],
  }),
  pay: endpoint({
    method: 'POST',
    path: '/admin/withdrawals/:id/pay',
    access: 'operator',
    secondFactor: 'enrolled',
    tags: ['admin'],
    summary: 'Mark a pending withdrawal paid (the hold leaves the ledger); repeating it changes nothing',
    params: idParamsSchema,
    body: markPaidRequestSchema,
    status: 200,
    response: adminWithdrawalSchema,
    errors: ['NOT_PENDING'],
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/withdrawals/:id/reject',
    access: 'operator',
    secondFactor: 'enrolled',
    tags: ['admin'],
    summary: 'Reject a pending withdrawal: the held amount returns to the user exactly once',
    params: idParamsSchema,
    body: rejectRequestSchema,
    status: 200,
    response: adminWithdrawalSchema,
    errors: ['NOT_PENDING'],
  }),
} as const;
