/** My rewards per day and level: paid (the amount), accruing (the day is not paid yet) or nothing due. */
import { useTranslation } from 'react-i18next';
import { formatCents, formatIsoDate } from '../../../lib/format.ts';
import { useReferralRewards } from '../api/rewards.ts';

export function RewardsSection({ paidTotal }: { paidTotal: number }) {
  const { t } = useTranslation();
  const query = useReferralRewards();
  const items = query.data?.items ?? [];
  return (
    <section className="team-card" aria-labelledby="team-rewards-title">
      <h2 id="team-rewards-title" className="team-card__title">
        {t('referral.rewardsTitle')}
      </h2>
      <p data-testid="team-paid-total">
        {t('referral.rewardsPaidTotal', { amount: formatCents(paidTotal) })}
      </p>
      {query.isSuccess && items.length === 0 ? (
        <p className="team-card__hint">{t('referral.noRewards')}</p>
      ) : null}
      <ul className="team-list">
        {items.map((item) => (
          <li
            key={`${item.day}-${item.level}`}
            className="team-list__row"
            data-testid="team-reward"
            data-status={item.status}
          >
            <span className="team-list__main">
              {formatIsoDate(item.day)}
              <small>{t('referral.rewardLine', { level: item.level, count: item.invitees })}</small>
            </span>
            <span className="team-list__figures">
              <span>{item.status === 'paid' ? formatCents(item.amount) : ''}</span>
              <span>{t(`referral.status.${item.status}`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
