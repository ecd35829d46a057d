/**
 * /pages/investment/index (the Trend tab): the market trends of every room, each with its charts and
 * the way into the room, from GET /market/overview, kept live by the `market` topic.
 */
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useMarketOverview } from '../api/market-overview.ts';
import { MarketTrends } from '../components/market-trends.tsx';
import { useMarketEvents } from '../hooks/use-market-events.ts';
import '../market.css';

export default function TrendsPage() {
  const { t } = useTranslation();
  const overview = useMarketOverview();
  useMarketEvents(overview.data, () => void overview.refetch().catch(() => {}));
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
