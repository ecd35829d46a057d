/**
 * The bottom tab bar: real links (keyboard and screen-reader friendly) that switch tabs. My account
 * carries the number of unread notifications while someone is logged in.
 */
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUnreadCount } from '../../features/notifications/api/unread-count.ts';
import { useNav } from '../../lib/navigation.ts';
import { useIsLoggedIn } from '../../lib/use-session.ts';
import { TABS, tabForPath } from './tabs.tsx';

export function TabBar() {
  const { t } = useTranslation();
  const nav = useNav();
  const location = useLocation();
  const selected = tabForPath(location.pathname);
  const loggedIn = useIsLoggedIn();
  const unread = useUnreadCount(loggedIn).data?.unread ?? 0;
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')}>
      {TABS.map((tab) => {
        const active = tab.id === selected?.id;
        const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          nav.switchTab(tab.path);
        };
        return (
          <Link
            key={tab.id}
            to={tab.path}
            className={active ? 'tab-bar__item tab-bar__item--active' : 'tab-bar__item'}
            aria-current={active ? 'page' : undefined}
            onClick={onClick}
            data-testid={`tab-${tab.id}`}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              {tab.icon}
            </svg>
            <span className="tab-bar__label">{t(tab.labelKey)}</span>
            {tab.id === 'mine' && loggedIn && unread > 0 ? (
              <span className="tab-bar__badge" data-testid="tab-mine-unread" data-count={unread}>
                <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                <span className="visually-hidden">{t('notifications.unreadBadge', { unread })}</span>
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
