/**
 * A room's trend tables (docs/decisions/0031-trend-tables-omission-chi-square.md): the figures and the
 * round table from GET /rooms/:id/trends, live from the room's round topic. Shown on the Trend tab and
 * in the room's own Trends tab.
 */
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../ui/data-placeholder.tsx';
import { ErrorNotice } from '../ui/error-notice.tsx';
import { useRoomTrends } from './room-trends.ts';
import { TrendFigures } from './trend-figures.tsx';
import { TrendRoundList } from './trend-round-list.tsx';
import { useTrendEvents } from './use-trend-events.ts';
import './trend-tables.css';

export function TrendTables({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const trends = useRoomTrends(roomId);
  useTrendEvents(roomId);
  if (!trends.data) {
    return trends.isError ? (
      <ErrorNotice error={trends.error} onRetry={() => void trends.refetch().catch(() => {})} />
    ) : (
      <DataPlaceholder lines={6} />
    );
  }
  return (
    <section className="trend-tables" data-testid="trend-tables" aria-label={t('trends.title')}>
      <TrendFigures trends={trends.data} />
      <TrendRoundList
        key={roomId}
        roomId={roomId}
        newest={trends.data.rounds.items}
        startCursor={trends.data.rounds.nextCursor}
      />
    </section>
  );
}
