/**
 * / and /pages/index/index (Home): the trading date, today's volume and trading users, the activity
 * center, and the market trends of every room (charts of recent sums and of long/short/single/double
 * counts, the categories, the profit of the round), all from GET /market/overview; an empty state while
 * no round has been drawn.
 */
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { fetchedAtServerMs, useScheduledRefresh } from '../../../lib/use-scheduled-refresh.ts';
import { useMarketOverview } from '../api/market-overview.ts';
import { ActivityCenter } from '../components/activity-center.tsx';
import { MarketFigures } from '../components/market-figures.tsx';
import { MarketTrends } from '../components/market-trends.tsx';
import { marketRefreshDueAt } from '../refresh-plan.ts';

export default function HomePage() {
  const { t } = useTranslation();
  const overview = useMarketOverview();
  const answeredAt = fetchedAtServerMs(Math.max(overview.dataUpdatedAt, overview.errorUpdatedAt));
  useScheduledRefresh(overview.data ? marketRefreshDueAt(overview.data, answeredAt) : null, () => {
    void overview.refetch().catch(() => {});
  });
  return (
    <div className="page page--tab">
      <PageHeader title={t('titles.home')} back={false} />
      <main className="page__body">
        {overview.data ? (
          <MarketFigures overview={overview.data} />
        ) : overview.isError ? (
          <ErrorNotice error={overview.error} onRetry={() => void overview.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={2} />
        )}
        <ActivityCenter />
        {overview.data ? <MarketTrends overview={overview.data} /> : null}
      </main>
    </div>
  );
}
