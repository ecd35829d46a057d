/** GET /referrals/team: my code, the rule in force, invitees and turnover per level, rewards paid. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { referralKeys } from '../query-keys.ts';

export const teamQueryOptions = () =>
  queryOptions({
    queryKey: referralKeys.team,
    queryFn: ({ signal }) => call(referralEndpoints.team, { signal }),
  });

export function useTeam() {
  return useQuery(teamQueryOptions());
}
