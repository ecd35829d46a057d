/** GET /positions: the investment records (every position of the viewer), newest first, cursor-paged. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { positionEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { tradingKeys } from '../query-keys.ts';

export const positionsQueryOptions = () =>
  pagedQueryOptions(tradingKeys.positions, (query, signal) =>
    call(positionEndpoints.list, { query, signal }),
  );

export function usePositions() {
  return useInfiniteQuery(positionsQueryOptions());
}
