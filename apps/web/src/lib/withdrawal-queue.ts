/**
 * GET /withdrawals/queue: the signed-in user's pending withdrawals with their place in the queue and the
 * current median wait. Read by the withdrawal records and the public withdrawal figures, so it lives here
 * once; under the money root, so every money operation refreshes it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawalQueue } from '@tradehall/contracts';
import { withdrawalStatsEndpoints } from '@tradehall/contracts/endpoints';
import { call } from './api-client.ts';
import { MONEY_QUERY_ROOT } from './money-refresh.ts';

export function fetchWithdrawalQueue(signal?: AbortSignal): Promise<WithdrawalQueue> {
  return call(withdrawalStatsEndpoints.queue, { signal });
}

export const withdrawalQueueQueryOptions = () =>
  queryOptions({
    queryKey: [MONEY_QUERY_ROOT, 'withdrawal-queue'] as const,
    queryFn: ({ signal }) => fetchWithdrawalQueue(signal),
  });

export function useWithdrawalQueue(options: { enabled?: boolean } = {}) {
  return useQuery({ ...withdrawalQueueQueryOptions(), enabled: options.enabled ?? true });
}
