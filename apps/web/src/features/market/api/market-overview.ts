/**
 * GET /market/overview (public): the trading date, today's volume and trading users, and per room its
 * current round, the last settled sums (newest first, for the trend charts), how often they were long,
 * short, single and double, and the users' profit in the last settled round. Every figure is computed
 * by the server from real rounds and positions.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketOverview } from '@tradehall/contracts';
import { marketEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';

export const MARKET_OVERVIEW_KEY = ['market', 'overview'] as const;

export function fetchMarketOverview(signal?: AbortSignal): Promise<MarketOverview> {
  return call(marketEndpoints.overview, { signal });
}

export const marketOverviewQueryOptions = () =>
  queryOptions({
    queryKey: MARKET_OVERVIEW_KEY,
    queryFn: ({ signal }) => fetchMarketOverview(signal),
  });

export function useMarketOverview() {
  return useQuery(marketOverviewQueryOptions());
}
