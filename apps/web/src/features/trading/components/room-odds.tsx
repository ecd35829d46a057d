/**
 * The odds table at the right house edge: the room's own when the page was opened for a room
 * (`?room=<id>`), else the default edge of the seeded rooms (2%). While the room loads, or should it not
 * load, the default table shows, labelled as such.
 */
import { DEFAULT_ROOMS } from '@tradehall/domain';
import { useTranslation } from 'react-i18next';
import { useRoom } from '../api/room.ts';
import { OddsTable } from './odds-table.tsx';

/** Every seeded room starts with the same edge; the normal room's stands for the default. */
const DEFAULT_EDGE_BPS = DEFAULT_ROOMS.find((room) => room.tier === 'normal')?.houseEdgeBps ?? 200;

function RoomEdgeOdds({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const room = useRoom(roomId);
  if (!room.data) return <OddsTable edgeBps={DEFAULT_EDGE_BPS} />;
  return (
    <OddsTable
      edgeBps={room.data.houseEdgeBps}
      caption={t('trading.odds.roomEdge', { room: t(`trading.tiers.${room.data.tier}`) })}
    />
  );
}

export function RoomOdds({ roomId }: { roomId: string | null }) {
  return roomId ? <RoomEdgeOdds roomId={roomId} /> : <OddsTable edgeBps={DEFAULT_EDGE_BPS} />;
}
