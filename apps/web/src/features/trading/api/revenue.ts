/**
 * GET /revenue: settled profit and loss per round (staked, paid out, profit), newest first, cursor-paged.
 * A round appears once per user, so the round id keys each entry of the list.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { PageQuery, RevenueItem } from '@tradehall/contracts';
import { positionEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import type { Page } from '../../../lib/page.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { tradingKeys } from '../query-keys.ts';

export type { RevenueItem };
export type RevenueRecord = RevenueItem & { id: string };

export async function fetchRevenue(query: PageQuery, signal?: AbortSignal): Promise<Page<RevenueRecord>> {
  const page = await call(positionEndpoints.revenue, { query, signal });
  return { ...page, items: page.items.map((item) => ({ ...item, id: item.roundId })) };
}

export const revenueQueryOptions = () => pagedQueryOptions(tradingKeys.revenue, fetchRevenue);

export function useRevenue() {
  return useInfiniteQuery(revenueQueryOptions());
}
