/**
 * /pages/setting/set (system notifications): every notification with read and unread, the personal
 * messages (those addressed to this user only; `?tab=personal`, the way in from My account), and the
 * notification settings (`?tab=settings`).
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { withQuery } from '../../../lib/navigation.ts';
import { NOTIFICATIONS_PATH } from '../../../lib/paths.ts';
import { NotificationList } from '../components/notification-list.tsx';
import { NotificationSettingsForm } from '../components/notification-settings-form.tsx';
import '../notifications.css';

const TABS = ['all', 'personal', 'settings'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

export default function NotificationsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'all';
  const title = tab === 'personal' ? t('notifications.tabs.personal') : t('titles.notifications');
  return (
    <div className="page">
      <PageHeader title={title} />
      <main className="page__body">
        <nav className="segmented" aria-label={t('titles.notifications')}>
          {TABS.map((value) => (
            <Link
              key={value}
              to={value === 'all' ? NOTIFICATIONS_PATH : withQuery(NOTIFICATIONS_PATH, { tab: value })}
              replace
              className={value === tab ? 'segmented__item segmented__item--active' : 'segmented__item'}
              aria-current={value === tab ? 'page' : undefined}
              data-testid={`notifications-tab-${value}`}
            >
              {t(`notifications.tabs.${value}`)}
            </Link>
          ))}
        </nav>
        {tab === 'settings' ? (
          <NotificationSettingsForm />
        ) : (
          <NotificationList key={tab} scope={tab} label={t(`notifications.tabs.${tab}`)} />
        )}
      </main>
    </div>
  );
}
