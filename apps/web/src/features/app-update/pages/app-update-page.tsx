/**
 * /pages/app-update/index: the running build's version against the newest published one. A web app
 * updates by loading again, so "Upgrade now" reloads the page (the new build is what the server serves).
 */
import { APP_VERSION, APP_VERSION_CODE } from '@tradehall/domain';
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAppVersion } from '../api/app-version.ts';

export default function AppUpdatePage() {
  const { t } = useTranslation();
  const query = useAppVersion();
  const latest = query.data;
  const outdated = latest !== undefined && latest.code > APP_VERSION_CODE;

  return (
    <div className="page">
      <PageHeader title={t('titles.appUpdate')} />
      <main className="page__body">
        <p data-testid="app-update-current">{t('appUpdate.current', { version: APP_VERSION })}</p>
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
            <button
              type="button"
              className="primary-button"
              onClick={() => window.location.reload()}
              data-testid="app-update-upgrade"
            >
              {t('appUpdate.upgrade')}
            </button>
          </section>
        ) : null}
      </main>
    </div>
  );
}
