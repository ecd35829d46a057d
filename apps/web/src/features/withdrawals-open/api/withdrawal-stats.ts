/**
 * GET /withdrawals/stats (public): withdrawals pending now and, over the last 24 h, 7 and 30 days, the
 * median and 95th-percentile time from request to paid and the share rejected, all computed by the
 * server from the withdrawals themselves.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawalStats } from '@tradehall/contracts';
import { withdrawalStatsEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';

export function fetchWithdrawalStats(signal?: AbortSignal): Promise<WithdrawalStats> {
  return call(withdrawalStatsEndpoints.stats, { signal });
}

export const withdrawalStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['withdrawal-stats'] as const,
    queryFn: ({ signal }) => fetchWithdrawalStats(signal),
  });

export function useWithdrawalStats() {
  return useQuery(withdrawalStatsQueryOptions());
}
