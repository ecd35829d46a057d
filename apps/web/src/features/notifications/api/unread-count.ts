/**
 * GET /notifications/unread-count: how many notifications the user has not read yet (the badge on the My
 * account tab). Asked only while someone is logged in; a new notice and every read refresh it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from '../query-keys.ts';

export interface UnreadCount {
  unread: number;
}

export function fetchUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get<UnreadCount>('/notifications/unread-count', undefined, signal);
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
  });

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
