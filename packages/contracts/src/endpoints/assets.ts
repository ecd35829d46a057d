/** The assets page: the user's balance, what can be withdrawn, and the totals behind it. */
import { assetsResponseSchema } from '../assets.ts';
import { endpoint } from '../endpoint.ts';

export const assetEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/me/assets',
    access: 'user',
    tags: ['account'],
    summary: 'My assets: balance, withdrawable, held by pending withdrawals, totals, pending counts',
    status: 200,
    response: assetsResponseSchema,
    errors: [],
  }),
} as const;
