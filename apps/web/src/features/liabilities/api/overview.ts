/** GET /liabilities: the latest signed snapshot, the signing key, the schedule and the stated reserves. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { liabilitiesEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { liabilitiesKeys } from '../query-keys.ts';

export const liabilitiesOverviewQueryOptions = () =>
  queryOptions({
    queryKey: liabilitiesKeys.overview,
    queryFn: ({ signal }) => call(liabilitiesEndpoints.overview, { signal }),
  });

export function useLiabilitiesOverview() {
  return useQuery(liabilitiesOverviewQueryOptions());
}
