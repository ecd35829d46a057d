/** Every room's terms side by side (event overview): tier, entry minimum, stake range, timing, edge. */
import type { RoomView } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBps, formatCents } from '../../../lib/format.ts';
import { withQuery } from '../../../lib/navigation.ts';
import { ROOM_PATH } from '../paths.ts';

export function RoomsOverview({ rooms }: { rooms: readonly RoomView[] }) {
  const { t } = useTranslation();
  return (
    <section className="rules-section" aria-labelledby="rooms-title">
      <h2 className="section-title" id="rooms-title">
        {t('trading.rules.roomsTitle')}
      </h2>
      <p className="page__intro">{t('trading.rules.roomsIntro')}</p>
      <div className="table-scroll">
        <table className="odds-table" data-testid="rooms-overview">
          <thead>
            <tr>
              <th scope="col">{t('trading.records.room')}</th>
              <th scope="col">{t('trading.hall.entryMinimum')}</th>
              <th scope="col">{t('trading.room.stakeLimits')}</th>
              <th scope="col">{t('trading.rules.timing')}</th>
              <th scope="col">{t('trading.room.houseEdge')}</th>
            </tr>
          </thead>
          <tbody>
            {rooms.map((room) => (
              <tr key={room.id}>
                <th scope="row">
                  <Link to={withQuery(ROOM_PATH, { room: room.id })}>{t(`trading.tiers.${room.tier}`)}</Link>
                </th>
                <td>
                  {room.entryMinimum > 0 ? formatCents(room.entryMinimum) : t('trading.hall.noMinimum')}
                </td>
                <td>
                  {t('trading.room.stakeRange', {
                    min: formatCents(room.stakeMinimum),
                    max: formatCents(room.stakeMaximum),
                  })}
                </td>
                <td>
                  {t('trading.seconds', { value: room.roundSeconds })} /{' '}
                  {t('trading.seconds', { value: room.sealedSeconds })}
                </td>
                <td>{formatBps(room.houseEdgeBps)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
