/**
 * The root of every page: the delayed route loading view, the document title of the page shown, and the
 * realtime additions (the network notice, the user's live updates), the update check at start, and
 * focus on the new page's heading after a navigation.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PlayReminders } from '../../features/play-limits/components/play-reminders.tsx';
import { useRouteTitleKey } from '../../lib/route-handle.ts';
import { RealtimeBridge } from '../realtime/realtime-bridge.tsx';
import { RouteLoadingIndicator } from '../route-loading/route-loading-indicator.tsx';
import { FocusHeading } from './focus-heading.tsx';
import { UpdateNotice } from './update-notice.tsx';

function DocumentTitle() {
  const { t } = useTranslation();
  const title = t(useRouteTitleKey());
  const appName = t('app.name');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <FocusHeading />
      <RouteLoadingIndicator />
      <RealtimeBridge />
      <UpdateNotice />
      <PlayReminders />
      <Outlet />
    </>
  );
}
