/** The root of every page: the delayed route loading view and the document title of the page shown. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useRouteTitleKey } from '../../lib/route-handle.ts';
import { RouteLoadingIndicator } from '../route-loading/route-loading-indicator.tsx';

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
      <RouteLoadingIndicator />
      <Outlet />
    </>
  );
}
