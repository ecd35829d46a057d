/** GET /deposits: the recharge records, newest first, cursor-paged. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { depositEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { fundingKeys } from '../query-keys.ts';

export const depositsQueryOptions = () =>
  pagedQueryOptions(fundingKeys.deposits, (query, signal) => call(depositEndpoints.list, { query, signal }));

export function useDeposits() {
  return useInfiniteQuery(depositsQueryOptions());
}
