/** GET /liabilities/snapshots: every snapshot, newest first, cursor-paged. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { liabilitiesEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { liabilitiesKeys } from '../query-keys.ts';

export const liabilitiesHistoryQueryOptions = () =>
  pagedQueryOptions(liabilitiesKeys.history, (query, signal) =>
    call(liabilitiesEndpoints.history, { query, signal }),
  );

export function useLiabilitiesHistory() {
  return useInfiniteQuery(liabilitiesHistoryQueryOptions());
}
