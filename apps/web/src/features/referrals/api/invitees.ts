/** GET /referrals/invitees?level=1|2: the people at one level of my team, masked, newest first, paged. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { referralEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { referralKeys } from '../query-keys.ts';

export const inviteesQueryOptions = (level: 1 | 2) =>
  pagedQueryOptions(referralKeys.invitees(level), (page, signal) =>
    call(referralEndpoints.invitees, { query: { level, ...page }, signal }),
  );

export function useInvitees(level: 1 | 2) {
  return useInfiniteQuery(inviteesQueryOptions(level));
}
