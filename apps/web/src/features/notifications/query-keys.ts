/**
 * Query keys of the notification center, and what a new notice or a read makes stale. Every key starts
 * with NOTIFICATIONS_ROOT, so one invalidation covers lists, the unread count and the settings.
 */
import type { QueryClient } from '@tanstack/react-query';

export const NOTIFICATIONS_ROOT = 'notifications';
export type NotificationScope = 'all' | 'personal';

export const notificationKeys = {
  lists: [NOTIFICATIONS_ROOT, 'list'] as const,
  list: (scope: NotificationScope) => [NOTIFICATIONS_ROOT, 'list', scope] as const,
  unreadCount: [NOTIFICATIONS_ROOT, 'unread-count'] as const,
  settings: [NOTIFICATIONS_ROOT, 'settings'] as const,
};

/** A notice arrived (or may have been missed): the lists and the unread count are asked for again. */
export function refreshNotifications(queryClient: QueryClient): void {
  for (const queryKey of [notificationKeys.lists, notificationKeys.unreadCount]) {
    void queryClient.invalidateQueries({ queryKey }).catch(() => {});
  }
}
