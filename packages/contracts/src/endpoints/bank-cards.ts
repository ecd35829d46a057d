/** Bank cards: a user binds cards in their real name to withdraw to. */

import { bankCardListSchema, bankCardSchema, createBankCardRequestSchema } from '../bank-cards.ts';
import { idParamsSchema, okResponseSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';

export const bankCardEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/bank-cards',
    access: 'user',
    tags: ['funding'],
    summary: 'My bank cards (numbers masked)',
    status: 200,
    response: bankCardListSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/bank-cards',
    access: 'user',
    tags: ['funding'],
    summary: 'Bind a bank card in my real name',
    body: createBankCardRequestSchema,
    status: 201,
    response: bankCardSchema,
    errors: ['REAL_NAME_REQUIRED', 'PAYEE_MISMATCH', 'CARD_DUPLICATE'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/bank-cards/:id',
    access: 'user',
    tags: ['funding'],
    summary: 'Remove one of my bank cards',
    params: idParamsSchema,
    status: 200,
    response: okResponseSchema,
    errors: [],
  }),
} as const;
