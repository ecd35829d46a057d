/**
 * /pages/investment/index (the Trend tab): the market trends of every room, each with its charts and
 * the way into the room, from GET /market/overview.
 */
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { fetchedAtServerMs, useScheduledRefresh } from '../../../lib/use-scheduled-refresh.ts';
import { useMarketOverview } from '../api/market-overview.ts';
import { MarketTrends } from '../components/market-trends.tsx';
import { marketRefreshDueAt } from '../refresh-plan.ts';

export default function TrendsPage() {
  const { t } = useTranslation();
  const overview = useMarketOverview();
  const answeredAt = fetchedAtServerMs(Math.max(overview.dataUpdatedAt, overview.errorUpdatedAt));
  useScheduledRefresh(overview.data ? marketRefreshDueAt(overview.data, answeredAt) : null, () => {
    void overview.refetch().catch(() => {});
  });
  return (
    <div className="page page--tab">
      <PageHeader title={t('titles.investment')} back={false} />
      <main className="page__body">
        <p className="page__intro">{t('market.trendsIntro')}</p>
        {overview.data ? (
          <MarketTrends overview={overview.data} />
        ) : overview.isError ? (
          <ErrorNotice error={overview.error} onRetry={() => void overview.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={6} />
        )}
      </main>
    </div>
  );
}
