/**
 * GET /notifications?scope=all|personal: the notification center, newest first, cursor-paged; each item
 * says whether it was read, each page how many are unread. `personal`: only those addressed to me (the
 * personal messages of My account).
 */
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@tradehall/contracts';
import { notificationEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { FIRST_PAGE, pageQuery } from '../../../lib/page.ts';
import { type NotificationScope, notificationKeys } from '../query-keys.ts';

export type NotificationPages = InfiniteData<NotificationPage, string | null>;

export function fetchNotifications(
  scope: NotificationScope,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  return call(notificationEndpoints.list, { query: { scope, ...pageQuery(cursor) }, signal });
}

export const notificationsQueryOptions = (scope: NotificationScope) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(scope),
    queryFn: ({ pageParam, signal }) => fetchNotifications(scope, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useNotifications(scope: NotificationScope) {
  return useInfiniteQuery(notificationsQueryOptions(scope));
}
