/** A user's play limits and break, for the read-only card of the user detail. */
import { adminPlayLimitEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../lib/api.ts';
import { usersKey } from './api.ts';

export const userPlayLimitsQuery = (id: string) => ({
  queryKey: [...usersKey, 'one', id, 'play-limits'] as const,
  queryFn: () => call(adminPlayLimitEndpoints.get, { params: { id } }),
});
