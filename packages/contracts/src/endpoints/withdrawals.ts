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
  withdrawalQueueSchema,
  withdrawalSamplePageSchema,
  withdrawalSchema,
  withdrawalStatsSchema,
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

/** Withdrawals in the open: the queue's figures for everyone, and a user's own place in it. */
export const withdrawalStatsEndpoints = {
  stats: endpoint({
    method: 'GET',
    path: '/withdrawals/stats',
    access: 'public',
    tags: ['funding'],
    summary:
      'Withdrawals pending (count, amount, oldest request) and, over the last 24 h, 7 and 30 days, ' +
      'the median and 95th-percentile time from request to paid and the share rejected; computed ' +
      'only from the withdrawals, served to everyone from one copy for a few seconds',
    status: 200,
    response: withdrawalStatsSchema,
    conditional: true,
    errors: [],
  }),
  queue: endpoint({
    method: 'GET',
    path: '/withdrawals/queue',
    access: 'user',
    tags: ['funding'],
    summary:
      'My pending withdrawals with their place in the queue (first in, first out by request time ' +
      'among everyone’s pending) and the current median wait',
    status: 200,
    response: withdrawalQueueSchema,
    errors: [],
  }),
  samples: endpoint({
    method: 'GET',
    path: '/withdrawals/stats/samples',
    access: 'public',
    tags: ['funding'],
    summary:
      'The withdrawals decided in the last 30 days, most recently decided first: request time, decision ' +
      'time and outcome (no user, no amount), for anyone to recompute the figures',
    query: pageQuerySchema,
    status: 200,
    response: withdrawalSamplePageSchema,
    errors: [],
  }),
} as const;
