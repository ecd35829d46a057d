/**
 * /pages/game/index (trading hall): every room with its tier, entry minimum, stake range, current issue
 * and the seconds to its seal; signed in, whether the viewer may enter or how much is missing. Every
 * room's round topic keeps its current round live (opened, sealed, drawing, settled); no polling. The
 * list is asked for again when the realtime connection comes back after a loss.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { GUIDE_PATH } from '../../../lib/paths.ts';
import { useServerNow } from '../../../lib/use-server-now.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { useRooms } from '../api/rooms.ts';
import { RoomCard } from '../components/room-card.tsx';
import { useRoomEvents } from '../hooks/use-room-events.ts';
import '../trading.css';

export default function HallPage() {
  const { t } = useTranslation();
  const signedIn = useIsLoggedIn();
  const rooms = useRooms();
  const now = useServerNow();
  useRoomEvents(rooms.data?.items.map((room) => room.id) ?? [], () =>
    (rooms.data?.items ?? []).map((room) => ({
      round: room.currentRound,
      readAt: rooms.dataUpdatedAt,
      refetch: () => void rooms.refetch().catch(() => {}),
    })),
  );

  return (
    <div className="page">
      <PageHeader title={t('titles.tradingHall')} />
      <main className="page__body">
        <p className="page__intro">
          {t('trading.hall.intro')}{' '}
          <Link to={GUIDE_PATH} data-testid="hall-rules">
            {t('trading.rulesLink')}
          </Link>
        </p>
        {rooms.data ? (
          rooms.data.items.length === 0 ? (
            <EmptyState message={t('trading.hall.empty')} />
          ) : (
            <ul className="room-list" aria-label={t('titles.tradingHall')}>
              {rooms.data.items.map((room) => (
                <li key={room.id}>
                  <RoomCard room={room} serverNowMs={now} signedIn={signedIn} />
                </li>
              ))}
            </ul>
          )
        ) : rooms.isError ? (
          <ErrorNotice error={rooms.error} onRetry={() => void rooms.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={5} />
        )}
      </main>
    </div>
  );
}
