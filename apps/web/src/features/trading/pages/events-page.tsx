/**
 * /pages/game/huodong (event overview): how a round goes, the rooms and their terms (from GET /rooms),
 * the odds table for the default house edge (or the edge of `?room=<id>`), and how fairness works with
 * the way to the verification page.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useRooms } from '../api/rooms.ts';
import { FairnessExplainer } from '../components/fairness-explainer.tsx';
import { RoomOdds } from '../components/room-odds.tsx';
import { RoomsOverview } from '../components/rooms-overview.tsx';
import { RoundRules } from '../components/round-rules.tsx';
import '../trading.css';

export default function EventsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roomId = params.get('room');
  const rooms = useRooms();
  return (
    <div className="page">
      <PageHeader title={t('titles.events')} />
      <main className="page__body">
        <RoundRules />
        {rooms.data ? (
          <RoomsOverview rooms={rooms.data.items} />
        ) : rooms.isError ? (
          <ErrorNotice error={rooms.error} onRetry={() => void rooms.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={5} />
        )}
        <RoomOdds roomId={roomId} />
        <FairnessExplainer roomId={roomId} />
      </main>
    </div>
  );
}
