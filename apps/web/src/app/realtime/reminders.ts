/**
 * Notices over socket.io (`new_msg`) while someone is logged in: each one for this user pops up the
 * Reminder modal and refreshes the notification center and the unread badge. After a reconnect the
 * center is refreshed too (a notice may have been sent meanwhile; it is stored either way).
 */
import type { QueryClient } from '@tanstack/react-query';
import { refreshNotifications } from '../../features/notifications/query-keys.ts';
import { NoticeSocket } from '../../lib/realtime/notice-socket.ts';
import { getToken, getUid, subscribeSession } from '../../lib/storage.ts';
import { importChunk } from '../../lib/timeout.ts';

export function startReminders(queryClient: QueryClient): NoticeSocket {
  let connections = 0;
  const notices = new NoticeSocket({
    origin: () => window.location.origin,
    token: getToken,
    uid: getUid,
    subscribeSession,
    onNotice: (msg) => {
      refreshNotifications(queryClient);
      importChunk(() => import('./reminder-dialog.tsx'))
        .then(({ showReminder }) => showReminder(msg.content))
        .catch((error: unknown) => console.error('notices: the reminder could not be shown', error));
    },
    onConnect: () => {
      connections += 1;
      if (connections > 1) refreshNotifications(queryClient);
    },
  });
  notices.start();
  return notices;
}
