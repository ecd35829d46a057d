/** Deposits (recharges, docs/glossary.md): a user's recharge requests and the operators' queue that decides them. */
import { idParamsSchema, pageQuerySchema, rejectRequestSchema } from '../common.ts';
import {
  adminDepositPageSchema,
  adminDepositQuerySchema,
  adminDepositSchema,
  createDepositRequestSchema,
  depositPageSchema,
  depositSchema,
} from '../deposits.ts';
import { endpoint } from '../endpoint.ts';

export const depositEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/deposits',
    access: 'user',
    tags: ['funding'],
    summary:
      'Ask to top up (offline transfer, crypto or card). Idempotent: a retry with the same key gets ' +
      'the first response; card deposits carry the checkout URL to pay at',
    body: createDepositRequestSchema,
    status: 201,
    response: depositSchema,
    errors: [
      'ACCOUNT_FROZEN',
      'DEPOSIT_BELOW_MINIMUM',
      'DEPOSIT_ABOVE_MAXIMUM',
      'CARD_PAYMENT_UNAVAILABLE',
      'TX_HASH_USED',
      'IDEMPOTENCY_CONFLICT',
    ],
  }),
  list: endpoint({
    method: 'GET',
    path: '/deposits',
    access: 'user',
    tags: ['funding'],
    summary: 'My deposits, newest first',
    query: pageQuerySchema,
    status: 200,
    response: depositPageSchema,
    errors: [],
  }),
  get: endpoint({
    method: 'GET',
    path: '/deposits/:id',
    access: 'user',
    tags: ['funding'],
    summary: 'One of my deposits (e.g. after returning from the card payment page)',
    params: idParamsSchema,
    status: 200,
    response: depositSchema,
    errors: [],
  }),
} as const;

export const adminDepositEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/deposits',
    access: 'operator',
    tags: ['admin'],
    summary: 'Deposits, newest first, optionally by status and method',
    query: adminDepositQuerySchema,
    status: 200,
    response: adminDepositPageSchema,
    errors: [],
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/deposits/:id',
    access: 'operator',
    tags: ['admin'],
    summary: 'One deposit',
    params: idParamsSchema,
    status: 200,
    response: adminDepositSchema,
    errors: [],
  }),
  approve: endpoint({
    method: 'POST',
    path: '/admin/deposits/:id/approve',
    access: 'operator',
    secondFactor: 'enrolled',
    tags: ['admin'],
    summary: 'Approve a pending deposit: credits the user exactly once (repeating it changes nothing)',
    params: idParamsSchema,
    status: 200,
    response: adminDepositSchema,
    errors: ['NOT_PENDING'],
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/deposits/:id/reject',
    access: 'operator',
    secondFactor: 'enrolled',
    tags: ['admin'],
    summary: 'Reject a pending deposit with a reason shown to the user',
    params: idParamsSchema,
    body: rejectRequestSchema,
    status: 200,
    response: adminDepositSchema,
    errors: ['NOT_PENDING'],
  }),
} as const;
