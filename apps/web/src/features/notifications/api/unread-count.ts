/**
 * GET /notifications/unread-count: how many notifications the user has not read yet (the badge on the My
 * account tab). Asked only while someone is logged in; a new notice and every read refresh it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@tradehall/contracts';
import { notificationEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { notificationKeys } from '../query-keys.ts';

export function fetchUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return call(notificationEndpoints.unreadCount, { signal });
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
  });

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
