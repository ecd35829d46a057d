/** GET /withdrawals: the withdrawal records, newest first, cursor-paged. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { withdrawalEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { moneyKeys } from '../query-keys.ts';

export const withdrawalsQueryOptions = () =>
  pagedQueryOptions(moneyKeys.withdrawals, (query, signal) =>
    call(withdrawalEndpoints.list, { query, signal }),
  );

export function useWithdrawals() {
  return useInfiniteQuery(withdrawalsQueryOptions());
}
