/**
 * Notices over socket.io (`new_msg`) while someone is logged in: each one for this user pops up the
 * Reminder modal (one after another when several arrive) and refreshes the notification center and the
 * unread badge. After a reconnect the center is refreshed too (a notice may have been sent meanwhile; it
 * is stored either way).
 *
 * One exception: an operator's answer comes as a notice too, and while the customer-service page is on
 * screen it already shows that answer in the chat, so no Reminder covers it there. Everywhere else, and
 * for every other notice, the Reminder shows as the spec says.
 */
import type { QueryClient } from '@tanstack/react-query';
import { refreshNotifications } from '../../features/notifications/query-keys.ts';
import { conversationShowsReply } from '../../features/support/conversation-presence.ts';
import { refreshSupport } from '../../features/support/query-keys.ts';
import { NoticeSocket } from '../../lib/realtime/notice-socket.ts';
import { getToken, getUid, subscribeSession } from '../../lib/storage.ts';
import { importChunk } from '../../lib/timeout.ts';

/** The dialog module, loaded with the first notice. */
const loadDialog = () => importChunk(() => import('./reminder-dialog.tsx'));

export interface ReminderQueueDeps {
  /** Whether the notice is already on screen (an operator's answer in the open chat). */
  shownElsewhere: (content: string) => Promise<boolean>;
  show: (content: string) => Promise<void>;
}

/**
 * One Reminder at a time: the next shows once the one on screen is confirmed, never stacked under it.
 * Returns the function that queues a notice's content, and a promise of the queue's end (for tests).
 */
export function createReminderQueue(deps: ReminderQueueDeps) {
  let shown: Promise<void> = Promise.resolve();
  return {
    push(content: string): Promise<void> {
      shown = shown
        .then(async () => {
          // If the check itself fails the Reminder shows: better twice than not at all.
          const covered = await deps.shownElsewhere(content).catch(() => false);
          if (!covered) await deps.show(content);
        })
        .catch((error: unknown) => console.error('notices: the reminder could not be shown', error));
      return shown;
    },
  };
}

export function startReminders(queryClient: QueryClient): NoticeSocket {
  let connections = 0;
  const reminders = createReminderQueue({
    shownElsewhere: (content) => conversationShowsReply(queryClient, content),
    show: (content) => loadDialog().then(({ showReminder }) => showReminder(content)),
  });
  const notices = new NoticeSocket({
    origin: () => window.location.origin,
    token: getToken,
    uid: getUid,
    subscribeSession,
    onNotice: (msg) => {
      refreshNotifications(queryClient);
      // An operator's answer comes with a notice: the customer-service conversation is asked for again.
      refreshSupport(queryClient);
      void reminders.push(msg.content);
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
