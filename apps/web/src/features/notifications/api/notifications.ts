/**
 * GET /notifications?scope=all|personal: the notification center, newest first, cursor-paged; each item
 * says whether it was read, each page how many are unread. `personal`: only those addressed to me (the
 * personal messages of My account).
 */
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@tradehall/contracts';
import { notificationEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { type NotificationScope, notificationKeys } from '../query-keys.ts';

export type NotificationPages = InfiniteData<NotificationPage, string | null>;

export const notificationsQueryOptions = (scope: NotificationScope) =>
  pagedQueryOptions(notificationKeys.list(scope), (page, signal) =>
    call(notificationEndpoints.list, { query: { scope, ...page }, signal }),
  );

export function useNotifications(scope: NotificationScope) {
  return useInfiniteQuery(notificationsQueryOptions(scope));
}
