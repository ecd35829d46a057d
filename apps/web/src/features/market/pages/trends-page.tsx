/**
 * /pages/investment/index (the Trend tab): the trend tables of the room picked (omission, frequencies
 * beside their expected values, the fairness check, the drawn rounds), then the market trends of every
 * room, each with its charts and the way into the room, from GET /market/overview, kept live by the
 * `market` topic.
 */
import type { MarketOverview } from '@tradehall/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendTables } from '../../../components/trend-tables/trend-tables.tsx';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useMarketOverview } from '../api/market-overview.ts';
import { MarketTrends } from '../components/market-trends.tsx';
import { useMarketEvents } from '../hooks/use-market-events.ts';
import '../market.css';

/** The genre's tables for one room at a time, the room picked by its tier. */
function RoomTrendTables({ overview }: { overview: MarketOverview }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  const roomId = picked ?? overview.rooms[0]?.roomId ?? null;
  if (roomId === null) return null;
  return (
    <section className="trend-room" aria-labelledby="trend-tables-title">
      <h2 className="section-title" id="trend-tables-title">
        {t('trends.title')}
      </h2>
      <div className="trend-room__picker" role="tablist" aria-label={t('trends.roomPicker')}>
        {overview.rooms.map((room) => (
          <button
            key={room.roomId}
            type="button"
            role="tab"
            aria-selected={room.roomId === roomId}
            className={`trend-room__tab${room.roomId === roomId ? ' trend-room__tab--on' : ''}`}
            onClick={() => setPicked(room.roomId)}
            data-testid={`trend-room-${room.tier}`}
          >
            {t(`trading.tiers.${room.tier}`)}
          </button>
        ))}
      </div>
      <TrendTables key={roomId} roomId={roomId} />
    </section>
  );
}

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
          <>
            <RoomTrendTables overview={overview.data} />
            <MarketTrends overview={overview.data} />
          </>
        ) : overview.isError ? (
          <ErrorNotice error={overview.error} onRetry={() => void overview.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={6} />
        )}
      </main>
    </div>
  );
}
