/**
 * One room in the market trends: its tier and current issue, the categories it offers, the users'
 * profit of its last settled round, its last result, and the two charts (recent sums; long, short,
 * single and double counts). Links to the room.
 */
import type { MarketOverview } from '@tradehall/contracts';
import { BET_CATEGORIES, isLocale, LOCALE_BCP47 } from '@tradehall/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatSignedCents } from '../../../lib/format.ts';
import { withQuery } from '../../../lib/navigation.ts';
import { ROOM_PATH } from '../../../lib/paths.ts';
import { FrequencyChart } from './frequency-chart.tsx';
import { SumsChart } from './sums-chart.tsx';

type RoomTrendData = MarketOverview['rooms'][number];

export function RoomTrend({ room }: { room: RoomTrendData }) {
  const { t, i18n } = useTranslation();
  const last = room.recent[0];
  const profit = room.lastRoundProfit;
  return (
    <article
      className="trend-card"
      data-testid={`trend-${room.tier}`}
      aria-labelledby={`trend-title-${room.roomId}`}
    >
      <div className="trend-card__head">
        <h3 className="trend-card__title" id={`trend-title-${room.roomId}`}>
          {t(`trading.tiers.${room.tier}`)}
        </h3>
        {room.currentRound ? (
          <span className="trend-card__issue">{t('trading.issue', { issue: room.currentRound.issue })}</span>
        ) : null}
      </div>
      <dl className="trend-card__facts">
        <div>
          <dt>{t('market.category')}</dt>
          {/* Plain text: the categories are what the room offers, not filters to tap. */}
          <dd data-testid="trend-categories">
            {new Intl.ListFormat(isLocale(i18n.language) ? LOCALE_BCP47[i18n.language] : undefined, {
              type: 'conjunction',
            }).format(BET_CATEGORIES.map((category) => t(`trading.categories.${category}`)))}
          </dd>
        </div>
        <div>
          <dt>{t('market.roundProfit')}</dt>
          <dd
            data-testid="trend-profit"
            className={
              profit === null ? undefined : profit > 0 ? 'amount--in' : profit < 0 ? 'amount--out' : undefined
            }
          >
            {profit === null ? t('market.noProfit') : formatSignedCents(profit)}
          </dd>
        </div>
      </dl>
      {last ? (
        <>
          <p className="trend-card__last" data-testid="trend-last">
            {t('market.lastResult', { issue: last.issue, sum: last.sum })}
          </p>
          <SumsChart recent={room.recent} />
          <FrequencyChart frequencies={room.frequencies} total={room.recent.length} />
        </>
      ) : (
        <p className="field__hint" data-testid="trend-empty">
          {t('market.noRoomRounds')}
        </p>
      )}
      <Link
        className="text-button text-button--block"
        to={withQuery(ROOM_PATH, { room: room.roomId })}
        data-testid={`trend-enter-${room.tier}`}
      >
        {t('market.toRoom')}
      </Link>
    </article>
  );
}
