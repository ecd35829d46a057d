/**
 * One notification: unread ones stand out (a dot, bold title); tapping it opens the full text and marks
 * it read. Title and content are the sender's text, shown as text (React escapes it), never as HTML.
 */
import type { NotificationView } from '@tradehall/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime, formatTime } from '../../../lib/format.ts';

export interface NotificationItemProps {
  notification: NotificationView;
  onRead: (id: string) => void;
}

export function NotificationItem({ notification, onRead }: NotificationItemProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const unread = !notification.read;
  const toggle = () => {
    setOpen((value) => !value);
    if (unread) onRead(notification.id);
  };
  return (
    <article
      className={unread ? 'notification-item notification-item--unread' : 'notification-item'}
      data-testid="notification-item"
      data-id={notification.id}
      data-read={notification.read ? 'true' : 'false'}
    >
      <button
        type="button"
        className="notification-item__head"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={toggle}
        data-testid="notification-open"
      >
        {unread ? (
          <span className="notification-item__dot" role="img" aria-label={t('notifications.unread')} />
        ) : null}
        <span className="notification-item__title" data-testid="notification-title">
          {notification.title}
        </span>
        <span className="notification-item__category">
          {t(`notifications.categories.${notification.category}`)}
        </span>
      </button>
      <p
        className={
          open
            ? 'notification-item__content'
            : 'notification-item__content notification-item__content--clamped'
        }
        id={contentId}
        data-testid="notification-content"
      >
        {notification.content}
      </p>
      <div className="notification-item__meta">
        <time
          dateTime={new Date(notification.createdAt * 1000).toISOString()}
          title={formatTime(notification.createdAt)}
        >
          {formatRelativeTime(notification.createdAt, t)}
        </time>
        {notification.audience === 'user' ? (
          <span className="status-badge status-badge--neutral">{t('notifications.personal')}</span>
        ) : null}
      </div>
    </article>
  );
}
