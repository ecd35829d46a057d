/**
 * One deposit's status, for the card-payment return page. There is no GET /deposits/:id: the deposit is
 * looked up by id in the first pages of GET /deposits (it was just made, so it is near the top). While it
 * is pending the page polls every 2 s, for about a minute.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositView, EndpointResponse } from '@tradehall/contracts';
import { depositEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { pageQuery } from '../../../lib/page.ts';
import { moneyKeys } from '../query-keys.ts';

export const RECHARGE_POLL_MS = 2_000;
export const RECHARGE_POLL_WINDOW_MS = 60_000;
const PAGES_SEARCHED = 3;

export async function findRecharge(id: string, signal?: AbortSignal): Promise<DepositView | null> {
  let cursor: string | null = null;
  for (let page = 0; page < PAGES_SEARCHED; page += 1) {
    const result: EndpointResponse<typeof depositEndpoints.list> = await call(depositEndpoints.list, {
      query: pageQuery(cursor),
      signal,
    });
    const found = result.items.find((deposit) => deposit.id === id);
    if (found) return found;
    if (result.nextCursor === null) return null;
    cursor = result.nextCursor;
  }
  return null;
}

export const rechargeStatusQueryOptions = (id: string, polling: boolean) =>
  queryOptions({
    queryKey: moneyKeys.recharge(id),
    queryFn: ({ signal }) => findRecharge(id, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      polling && query.state.data?.status === 'pending' ? RECHARGE_POLL_MS : false,
  });

/** `polling` false once the waiting window is over: the page then says to check the records later. */
export function useRechargeStatus(id: string, polling: boolean) {
  return useQuery(rechargeStatusQueryOptions(id, polling));
}
