/** Every room's terms side by side (event overview): tier, entry minimum, stake range, timing, edge. */
import type { RoomView } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBps, formatCents } from '../../../lib/format.ts';
import { withQuery } from '../../../lib/navigation.ts';
import { ROOM_PATH } from '../../../lib/paths.ts';

export function RoomsOverview({ rooms }: { rooms: readonly RoomView[] }) {
  const { t } = useTranslation();
  return (
    <section className="rules-section" aria-labelledby="rooms-title">
      <h2 className="section-title" id="rooms-title">
        {t('trading.rules.roomsTitle')}
      </h2>
      <p className="page__intro">{t('trading.rules.roomsIntro')}</p>
      {/* One card per room: five columns of terms do not fit a phone's width side by side. */}
      <ul className="rooms-overview" data-testid="rooms-overview">
        {rooms.map((room) => (
          <li key={room.id} className="rooms-overview__room">
            <Link className="rooms-overview__name" to={withQuery(ROOM_PATH, { room: room.id })}>
              {t(`trading.tiers.${room.tier}`)}
            </Link>
            <dl className="rooms-overview__terms">
              <div>
                <dt>{t('trading.hall.entryMinimum')}</dt>
                <dd>
                  {room.entryMinimum > 0 ? formatCents(room.entryMinimum) : t('trading.hall.noMinimum')}
                </dd>
              </div>
              <div>
                <dt>{t('trading.room.stakeLimits')}</dt>
                <dd>
                  {t('trading.room.stakeRange', {
                    min: formatCents(room.stakeMinimum),
                    max: formatCents(room.stakeMaximum),
                  })}
                </dd>
              </div>
              <div>
                <dt>{t('trading.rules.timing')}</dt>
                <dd>
                  {t('trading.seconds', { value: room.roundSeconds })} /{' '}
                  {t('trading.seconds', { value: room.sealedSeconds })}
                </dd>
              </div>
              <div>
                <dt>{t('trading.room.houseEdge')}</dt>
                <dd>{formatBps(room.houseEdgeBps)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
