/** GET /play-limits: my limits, what this day, week and month counted, my break and reality check. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playLimitEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { playLimitsKeys } from '../query-keys.ts';

export const playLimitsQueryOptions = () =>
  queryOptions({
    queryKey: playLimitsKeys.overview,
    queryFn: ({ signal }) => call(playLimitEndpoints.get, { signal }),
  });

export function usePlayLimits(enabled = true) {
  return useQuery({ ...playLimitsQueryOptions(), enabled });
}
