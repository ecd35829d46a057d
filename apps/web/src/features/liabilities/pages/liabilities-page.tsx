/**
 * The proof of liabilities (docs/trust/liabilities.md): the latest signed snapshot of what Tradehall owes
 * its users, the signed-in user's inclusion verified in the browser, the stated reserves beside the
 * total, every earlier snapshot, and what the proof shows and cannot. Reached from My account and Assets.
 */
import '../liabilities.css';
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useLiabilitiesOverview } from '../api/overview.ts';
import { InclusionCheck } from '../components/inclusion-check.tsx';
import { LiabilitiesExplainer } from '../components/liabilities-explainer.tsx';
import { ReservesFigures } from '../components/reserves-figures.tsx';
import { SnapshotFigures } from '../components/snapshot-figures.tsx';
import { SnapshotHistory } from '../components/snapshot-history.tsx';

export default function LiabilitiesPage() {
  const { t } = useTranslation();
  const overview = useLiabilitiesOverview();
  const data = overview.data;
  return (
    <div className="page">
      <PageHeader title={t('liabilities.title')} />
      <main className="page__body">
        <p className="page__intro">{t('liabilities.intro')}</p>
        {data ? (
          <>
            {data.publicKey === null ? (
              <p className="notice">{t('liabilities.disabled')}</p>
            ) : (
              <p className="page__intro">
                {data.scheduleMinutes > 0
                  ? t('liabilities.schedule', { minutes: data.scheduleMinutes })
                  : t('liabilities.onRequest')}{' '}
                {t('liabilities.publicKey')} <span className="liabilities-hash">{data.publicKey}</span>
              </p>
            )}
            {data.latest ? (
              <>
                <SnapshotFigures snapshot={data.latest} publicKey={data.publicKey} />
                <InclusionCheck snapshot={data.latest} publicKey={data.publicKey} />
              </>
            ) : (
              <p className="notice">{t('liabilities.none')}</p>
            )}
            <ReservesFigures reserves={data.reserves} />
            <SnapshotHistory publicKey={data.publicKey} />
          </>
        ) : overview.isError ? (
          <ErrorNotice error={overview.error} onRetry={() => void overview.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={4} />
        )}
        <LiabilitiesExplainer />
      </main>
    </div>
  );
}
