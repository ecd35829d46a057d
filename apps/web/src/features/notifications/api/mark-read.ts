/**
 * POST /notifications/:id/read (204). The item shows as read at once in every list that has it (the
 * server is idempotent: reading twice is harmless), and the unread count is asked for again.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationView } from '@tradehall/contracts';
import { notificationEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { notificationKeys } from '../query-keys.ts';
import type { NotificationPages } from './notifications.ts';

export function markNotificationRead(id: string): Promise<unknown> {
  return call(notificationEndpoints.markRead, { params: { id } });
}

/** Marks read, in every cached list, the items `isRead` picks; each page's unread figure follows. */
export function markReadInLists(
  queryClient: QueryClient,
  isRead: (notification: NotificationView) => boolean,
): void {
  queryClient.setQueriesData<NotificationPages>({ queryKey: notificationKeys.lists }, (data) => {
    if (!data) return data;
    let newlyRead = 0;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => {
        if (item.read || !isRead(item)) return item;
        newlyRead += 1;
        return { ...item, read: true };
      }),
    }));
    return {
      ...data,
      pages: pages.map((page) => ({ ...page, unread: Math.max(0, page.unread - newlyRead) })),
    };
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => markReadInLists(queryClient, (item) => item.id === id),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount }).catch(() => {});
    },
    // The server did not take it: the lists show what the server says.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists }).catch(() => {});
    },
  });
}
