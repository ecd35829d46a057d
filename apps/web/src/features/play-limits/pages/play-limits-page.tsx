/**
 * My account → Play limits: deposit and loss limits per day, week and month and the stake per round
 * (lower at once, higher after 24 h, shown with its time), the reality check, and a break.
 */
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { errorMessage } from '../../../lib/toast.ts';
import { usePlayLimits } from '../api/play-limits.ts';
import { BreakSection } from '../components/break-section.tsx';
import { LimitRow } from '../components/limit-row.tsx';
import { RealityCheckSetting } from '../components/reality-check-setting.tsx';
import '../play-limits.css';

export default function PlayLimitsPage() {
  const { t } = useTranslation();
  const overview = usePlayLimits();

  return (
    <div className="page">
      <PageHeader title={t('playLimits.title')} />
      <main className="page__body play-limits">
        {overview.data ? (
          <>
            <section className="play-limits__section" aria-labelledby="play-limits-title">
              <h2 className="play-limits__title" id="play-limits-title">
                {t('playLimits.limitsTitle')}
              </h2>
              <p className="page__intro">{t('playLimits.intro')}</p>
              {overview.data.limits.map((limit) => (
                <LimitRow key={limit.kind} limit={limit} usage={overview.data.usage} />
              ))}
            </section>
            <RealityCheckSetting minutes={overview.data.realityCheckMinutes} />
            <BreakSection running={overview.data.break} />
          </>
        ) : overview.isError ? (
          <div className="notice" role="alert">
            <p>{errorMessage(overview.error)}</p>
            <button
              type="button"
              className="text-button"
              onClick={() => void overview.refetch().catch(() => {})}
            >
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <DataPlaceholder />
        )}
      </main>
    </div>
  );
}
