/**
 * The notifications of one scope: newest first, pull to refresh, more as the end scrolls into view
 * (the records list), "mark all read" while any is unread.
 */
import { useTranslation } from 'react-i18next';
import { RecordsList } from '../../../components/ui/records-list.tsx';
import { toastError } from '../../../lib/toast.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-read.ts';
import { useMarkNotificationRead } from '../api/mark-read.ts';
import { useNotifications } from '../api/notifications.ts';
import type { NotificationScope } from '../query-keys.ts';
import { NotificationItem } from './notification-item.tsx';

export function NotificationList({ scope, label }: { scope: NotificationScope; label: string }) {
  const { t } = useTranslation();
  const query = useNotifications(scope);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.pages[0]?.unread ?? 0;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = unread > 0 || items.some((item) => !item.read);

  const readOne = (id: string) => markRead.mutate(id, { onError: toastError });
  const readAll = () => {
    if (!markAll.isPending) markAll.mutate(undefined, { onError: toastError });
  };

  return (
    <>
      {query.data && items.length > 0 ? (
        <div className="notification-toolbar">
          <span className="notification-toolbar__count" data-testid="notifications-unread">
            {t('notifications.unreadCount', { unread })}
          </span>
          <button
            type="button"
            className="text-button text-button--small"
            onClick={readAll}
            disabled={!anyUnread || markAll.isPending}
            data-testid="notifications-mark-all"
          >
            {t('notifications.markAllRead')}
          </button>
        </div>
      ) : null}
      <RecordsList
        query={query}
        label={label}
        emptyMessage={scope === 'personal' ? t('notifications.emptyPersonal') : t('notifications.empty')}
        renderItem={(notification) => <NotificationItem notification={notification} onRead={readOne} />}
      />
    </>
  );
}
