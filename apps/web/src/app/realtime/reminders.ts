/**
 * Notices over socket.io (`new_msg`) while someone is logged in: each one for this user pops up the
 * Reminder modal (one after another when several arrive) and refreshes the notification center and the
 * unread badge. After a reconnect the center is refreshed too (a notice may have been sent meanwhile; it
 * is stored either way).
 */
import type { QueryClient } from '@tanstack/react-query';
import { refreshNotifications } from '../../features/notifications/query-keys.ts';
import { refreshSupport } from '../../features/support/query-keys.ts';
import { NoticeSocket } from '../../lib/realtime/notice-socket.ts';
import { getToken, getUid, subscribeSession } from '../../lib/storage.ts';
import { importChunk } from '../../lib/timeout.ts';

/** The dialog module, loaded with the first notice. */
const loadDialog = () => importChunk(() => import('./reminder-dialog.tsx'));

export function startReminders(queryClient: QueryClient): NoticeSocket {
  let connections = 0;
  // One Reminder at a time: the next shows once the one on screen is confirmed, never stacked under it.
  let shown: Promise<void> = Promise.resolve();
  const notices = new NoticeSocket({
    origin: () => window.location.origin,
    token: getToken,
    uid: getUid,
    subscribeSession,
    onNotice: (msg) => {
      refreshNotifications(queryClient);
      // An operator's answer comes with a notice: the customer-service conversation is asked for again.
      refreshSupport(queryClient);
      shown = shown
        .then(loadDialog)
        .then(({ showReminder }) => showReminder(msg.content))
        .catch((error: unknown) => console.error('notices: the reminder could not be shown', error));
    },
    onConnect: () => {
      connections += 1;
      if (connections > 1) {
        refreshNotifications(queryClient);
        refreshSupport(queryClient);
      }
    },
  });
  notices.start();
  return notices;
}
