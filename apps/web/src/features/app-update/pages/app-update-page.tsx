/**
 * /pages/app-update/index, the update flow of spec §4: the running build's version against the newest
 * published one (GET /app/version). Up to date: the latest-version message. Newer: "new version found"
 * with its update content, "downloading" while the new service worker installs, then "upgrade now",
 * which activates it and restarts the app. A failed install is logged and shown, with a retry.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAppVersion } from '../api/app-version.ts';
import { BUILD_VERSION, isNewer } from '../lib/build-version.ts';
import { activateUpdate, downloadUpdate } from '../lib/service-worker.ts';
import { useUpdatePhase } from '../lib/use-update.ts';

const download = () => {
  downloadUpdate().catch((error: unknown) => console.error('app update failed', error));
};

export default function AppUpdatePage() {
  const { t } = useTranslation();
  const query = useAppVersion();
  const phase = useUpdatePhase();
  const latest = query.data;
  const outdated = latest !== undefined && isNewer(latest);

  useEffect(() => {
    if (outdated) download();
  }, [outdated]);

  const upgrade = () => {
    activateUpdate().catch((error: unknown) => console.error('app update failed', error));
  };

  return (
    <div className="page">
      <PageHeader title={t('titles.appUpdate')} />
      <main className="page__body">
        <p data-testid="app-update-current">{t('appUpdate.current', { version: BUILD_VERSION })}</p>
        {query.isPending ? <DataPlaceholder lines={2} /> : null}
        {query.isError ? (
          <ErrorNotice error={query.error} onRetry={() => void query.refetch().catch(() => {})} />
        ) : null}
        {latest && !outdated ? <p data-testid="app-update-latest">{t('appUpdate.latest')}</p> : null}
        {latest && outdated ? (
          <section data-testid="app-update-available">
            <h2>{t('appUpdate.found', { version: latest.version })}</h2>
            <h3>{t('appUpdate.content')}</h3>
            <p style={{ whiteSpace: 'pre-wrap' }} data-testid="app-update-content">
              {latest.content}
            </p>
            <div aria-live="polite">
              {phase === 'idle' || phase === 'downloading' ? (
                <p data-testid="app-update-downloading">{t('appUpdate.downloading')}</p>
              ) : null}
              {phase === 'failed' ? (
                <div role="alert" data-testid="app-update-failed">
                  <p>{t('appUpdate.failed')}</p>
                  <button type="button" className="primary-button" onClick={download}>
                    {t('common.retry')}
                  </button>
                </div>
              ) : null}
              {phase === 'ready' ? (
                <button
                  type="button"
                  className="primary-button"
                  onClick={upgrade}
                  data-testid="app-update-upgrade"
                >
                  {t('appUpdate.upgrade')}
                </button>
              ) : null}
            </div>
          </section>
        ) : null}
      </main>
    </div>
  );
}
