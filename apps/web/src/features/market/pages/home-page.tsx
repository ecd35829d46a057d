/**
 * / and /pages/index/index (Home): the trading date, today's volume and trading users, the activity
 * center, and the market trends of every room (charts of recent sums and of long/short/single/double
 * counts, the categories, the profit of the round), all from GET /market/overview; an empty state while
 * no round has been drawn. The figures follow the `market` topic live (lib/realtime), no polling.
 */
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useMarketOverview } from '../api/market-overview.ts';
import { ActivityCenter } from '../components/activity-center.tsx';
import { MarketFigures } from '../components/market-figures.tsx';
import { MarketTrends } from '../components/market-trends.tsx';
import { useMarketEvents } from '../hooks/use-market-events.ts';
import '../market.css';

export default function HomePage() {
  const { t } = useTranslation();
  const overview = useMarketOverview();
  useMarketEvents(overview.data, () => void overview.refetch().catch(() => {}));
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
