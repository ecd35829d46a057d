/** One level of my team: how many, their turnover today and in total, and the people (masked), paged. */
import type { ReferralTeam } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents, formatTime } from '../../../lib/format.ts';
import { useInvitees } from '../api/invitees.ts';

type LevelFigures = ReferralTeam['levels'][number];

export function LevelSection({ figures }: { figures: LevelFigures }) {
  const { t } = useTranslation();
  const query = useInvitees(figures.level);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="team-card" data-testid={`team-level-${figures.level}`}>
      <h2 className="team-card__title">
        {t('referral.levelTitle', { level: figures.level })} · {figures.invitees}
      </h2>
      <p className="team-card__hint">
        {figures.level === 1 ? t('referral.levelHint1') : t('referral.levelHint2')}
      </p>
      <dl className="team-facts">
        <dt>{t('referral.turnoverToday')}</dt>
        <dd>{formatCents(figures.turnoverToday)}</dd>
        <dt>{t('referral.turnoverTotal')}</dt>
        <dd>{formatCents(figures.turnoverTotal)}</dd>
      </dl>
      {query.isSuccess && items.length === 0 ? (
        <p className="team-card__hint">{t('referral.noInvitees')}</p>
      ) : null}
      <ul className="team-list" aria-label={t('referral.invitees')}>
        {items.map((item) => (
          <li key={`${item.account}-${item.joinedAt}`} className="team-list__row" data-testid="team-invitee">
            <span className="team-list__main">
              {item.account}
              <small>{t('referral.joined', { date: formatTime(item.joinedAt) })}</small>
            </span>
            <span className="team-list__figures">
              <span>
                {t('referral.turnoverToday')}: {formatCents(item.turnoverToday)}
              </span>
              <span>
                {t('referral.turnoverTotal')}: {formatCents(item.turnoverTotal)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <button
          type="button"
          className="text-button"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage().catch(() => {})}
        >
          {t('referral.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
