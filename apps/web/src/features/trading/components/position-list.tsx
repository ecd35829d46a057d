/**
 * The viewer's positions in one round: the position and its odds, the amount, the status and, once
 * settled, the payout. Each entry is `my-position` with the raw status in `data-status`.
 */
import type { PositionView } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents, formatMultiplier } from '../../../lib/format.ts';
import { betLabel } from '../bets.ts';
import { POSITION_TONES } from '../status.ts';

export function PositionList({ positions, label }: { positions: readonly PositionView[]; label: string }) {
  const { t } = useTranslation();
  if (positions.length === 0) return <p className="field__hint">{t('trading.round.noPositions')}</p>;
  return (
    <ul className="position-list" aria-label={label}>
      {positions.map((position) => (
        <li
          key={position.id}
          className="position-list__item"
          data-testid="my-position"
          data-status={position.status}
          data-issue={position.issue}
        >
          <span className="position-list__bet">
            {betLabel(position.bet, t)}{' '}
            <span className="position-list__odds">{formatMultiplier(position.multiplier)}</span>
          </span>
          <span className="position-list__amount">{formatCents(position.amount)}</span>
          <span className={`status-badge status-badge--${POSITION_TONES[position.status]}`}>
            {t(`trading.positionStatus.${position.status}`)}
          </span>
          {position.payout !== null ? (
            <span className="position-list__payout" data-testid="my-position-payout">
              {t('trading.records.payout')} {formatCents(position.payout)}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
