/**
 * The update check at start (spec §4): a few seconds after the app opens (so it never competes with the
 * first screen), GET /app/version; when it names a newer version than this build, a banner offers the
 * app-update page, where the new version downloads and installs. Not shown on that page itself.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { appVersionQueryOptions } from '../../features/app-update/api/app-version.ts';
import { isNewer } from '../../features/app-update/lib/build-version.ts';
import { APP_UPDATE_PATH } from '../../lib/paths.ts';

export const UPDATE_CHECK_DELAY_MS = 3_000;

// Above the tab bar, in the page's width (the network notice has the top).
const BANNER_STYLE = {
  position: 'fixed',
  bottom: 64,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 1050,
  width: 'calc(100% - 32px)',
  maxWidth: 448,
  display: 'flex',
  justifyContent: 'space-between',
  gap: 12,
  padding: '10px 16px',
  borderRadius: 8,
  background: '#0958d9',
  color: '#fff',
} as const;

export function UpdateNotice() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), UPDATE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const query = useQuery({ ...appVersionQueryOptions(), enabled: due, staleTime: Number.POSITIVE_INFINITY });
  const latest = query.data;
  if (!latest || !isNewer(latest) || pathname === APP_UPDATE_PATH) return null;
  return (
    <div className="update-notice" role="status" style={BANNER_STYLE} data-testid="update-notice">
      <span>{t('appUpdate.found', { version: latest.version })}</span>
      <Link to={APP_UPDATE_PATH} style={{ color: '#fff', fontWeight: 600 }}>
        {t('appUpdate.view')}
      </Link>
    </div>
  );
}
