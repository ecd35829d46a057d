/** Wallets: the USDT addresses a user withdraws to. */
import { idParamsSchema, okResponseSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { createWalletRequestSchema, walletListSchema, walletSchema } from '../wallets.ts';

export const walletEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/wallets',
    access: 'user',
    tags: ['funding'],
    summary: 'My wallets',
    status: 200,
    response: walletListSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/wallets',
    access: 'user',
    tags: ['funding'],
    summary: 'Add a USDT wallet (address checked for its network)',
    body: createWalletRequestSchema,
    status: 201,
    response: walletSchema,
    errors: ['WALLET_DUPLICATE'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/wallets/:id',
    access: 'user',
    tags: ['funding'],
    summary: 'Remove one of my wallets',
    params: idParamsSchema,
    status: 200,
    response: okResponseSchema,
    errors: [],
  }),
} as const;
