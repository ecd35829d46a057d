/** POST /notifications/read-all (204): every notification of the user read; the badge goes away. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@tradehall/contracts';
import { notificationEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { notificationKeys } from '../query-keys.ts';
import { markReadInLists } from './mark-read.ts';

export function markAllNotificationsRead(): Promise<unknown> {
  return call(notificationEndpoints.markAllRead);
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      markReadInLists(queryClient, () => true);
      queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount, { unread: 0 });
      // Anything that arrived meanwhile is unread again: the server has the last word.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists }).catch(() => {});
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount }).catch(() => {});
    },
  });
}
