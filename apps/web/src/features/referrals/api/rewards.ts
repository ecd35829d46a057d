/** GET /referrals/rewards: my rewards per day and level, with their status (the last 60). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { referralKeys } from '../query-keys.ts';

export const rewardsQueryOptions = () =>
  queryOptions({
    queryKey: referralKeys.rewards,
    queryFn: ({ signal }) => call(referralEndpoints.rewards, { signal }),
  });

export function useReferralRewards() {
  return useQuery(rewardsQueryOptions());
}
