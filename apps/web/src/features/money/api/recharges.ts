/** GET /deposits: the recharge records, newest first, cursor-paged. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { depositEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { moneyKeys } from '../query-keys.ts';

export const rechargesQueryOptions = () =>
  pagedQueryOptions(moneyKeys.recharges, (query, signal) => call(depositEndpoints.list, { query, signal }));

export function useRecharges() {
  return useInfiniteQuery(rechargesQueryOptions());
}
