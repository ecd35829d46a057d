/** The market overview of the home and trend pages. */
import { endpoint } from '../endpoint.ts';
import { marketOverviewSchema } from '../market.ts';

export const marketEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/market/overview',
    access: 'public',
    tags: ['trading'],
    summary:
      'Trading date (UTC), today’s volume and trading users, and per room the current round, the ' +
      'last settled sums with their long/short/single/double frequencies and the last round’s profit',
    status: 200,
    response: marketOverviewSchema,
    conditional: true,
    errors: [],
  }),
} as const;
