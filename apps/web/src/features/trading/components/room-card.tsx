/**
 * A room in the trading hall: its tier, entry minimum and stake range, the current issue with the
 * seconds to its seal, and (signed in) whether the viewer may enter or how much balance is missing.
 * The whole card is the link to the room.
 */
import type { RoomView } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '../../../lib/format.ts';
import { withQuery } from '../../../lib/navigation.ts';
import { ROOM_PATH } from '../../../lib/paths.ts';
import { countdownSeconds, displayStatus } from '../round-timing.ts';
import { RoundCountdown } from './round-countdown.tsx';

export interface RoomCardProps {
  room: RoomView;
  serverNowMs: number;
  signedIn: boolean;
}

export function RoomCard({ room, serverNowMs, signedIn }: RoomCardProps) {
  const { t } = useTranslation();
  const round = room.currentRound;
  const status = round ? displayStatus(round, serverNowMs) : null;
  const locked = signedIn && !room.qualified;
  return (
    <Link
      to={withQuery(ROOM_PATH, { room: room.id })}
      className={`room-card room-card--${room.tier}${locked ? ' room-card--locked' : ''}`}
      data-testid={`room-card-${room.tier}`}
      data-qualified={signedIn ? String(room.qualified) : undefined}
    >
      <div className="room-card__head">
        <h2 className="room-card__title">{t(`trading.tiers.${room.tier}`)}</h2>
        {room.paused ? (
          <span className="status-badge status-badge--neutral">{t('trading.paused')}</span>
        ) : status ? (
          <span className={`status-badge status-badge--${status === 'open' ? 'success' : 'pending'}`}>
            {t(`trading.status.${status}`)}
          </span>
        ) : null}
      </div>
      <dl className="room-card__facts">
        <div>
          <dt>{t('trading.hall.entryMinimum')}</dt>
          <dd>{room.entryMinimum > 0 ? formatCents(room.entryMinimum) : t('trading.hall.noMinimum')}</dd>
        </div>
        <div>
          <dt>{t('trading.hall.stakeRange')}</dt>
          <dd>
            {t('trading.room.stakeRange', {
              min: formatCents(room.stakeMinimum),
              max: formatCents(room.stakeMaximum),
            })}
          </dd>
        </div>
      </dl>
      <div className="room-card__round">
        <span className="room-card__issue">
          {t('trading.hall.currentIssue')}{' '}
          <strong data-testid="room-issue">{round ? round.issue : t('trading.noRound')}</strong>
        </span>
        {round && status && !room.paused ? (
          <RoundCountdown
            status={status}
            seconds={countdownSeconds(round, serverNowMs)}
            testId="room-countdown"
          />
        ) : null}
      </div>
      {locked ? (
        <p className="room-card__locked" data-testid="room-missing">
          {t('trading.hall.locked', { amount: formatCents(room.missingForEntry) })}
        </p>
      ) : signedIn ? (
        <p className="room-card__qualified">{t('trading.hall.qualified')}</p>
      ) : null}
    </Link>
  );
}
