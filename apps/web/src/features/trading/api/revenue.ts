/**
 * GET /revenue: settled profit and loss per round (staked, paid out, profit), newest first, cursor-paged.
 * A round appears once per user, so the round id keys each entry of the list.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RevenueItem } from '@tradehall/contracts';
import { positionEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { FIRST_PAGE, type Page, pageQuery } from '../../../lib/page.ts';
import { tradingKeys } from '../query-keys.ts';

export type { RevenueItem };
export type RevenueRecord = RevenueItem & { id: string };

export async function fetchRevenue(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<RevenueRecord>> {
  const page = await call(positionEndpoints.revenue, { query: pageQuery(cursor), signal });
  return { ...page, items: page.items.map((item) => ({ ...item, id: item.roundId })) };
}

export const revenueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: tradingKeys.revenue,
    queryFn: ({ pageParam, signal }) => fetchRevenue(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useRevenue() {
  return useInfiniteQuery(revenueQueryOptions());
}
