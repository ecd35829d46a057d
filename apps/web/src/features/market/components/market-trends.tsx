/** The market trends of every room, or the empty state while no round has been drawn anywhere yet. */
import type { MarketOverview } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { RoomTrend } from './room-trend.tsx';

export function MarketTrends({ overview }: { overview: MarketOverview }) {
  const { t } = useTranslation();
  const anyRounds = overview.rooms.some((room) => room.recent.length > 0);
  return (
    <section className="trends" aria-labelledby="trends-title">
      <h2 className="section-title" id="trends-title">
        {t('market.trends')}
      </h2>
      {anyRounds ? (
        <div className="trends__list">
          {overview.rooms.map((room) => (
            <RoomTrend key={room.roomId} room={room} />
          ))}
        </div>
      ) : (
        <EmptyState message={t('market.noRounds')} />
      )}
    </section>
  );
}
