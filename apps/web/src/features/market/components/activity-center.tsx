/** The activity center: the event overview, the investment explanation and the trading hall. */
import { useTranslation } from 'react-i18next';
import { MenuList } from '../../../components/ui/menu-list.tsx';

export function ActivityCenter() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="activity-title">
      <h2 className="section-title" id="activity-title">
        {t('market.activityCenter')}
      </h2>
      <MenuList
        label={t('market.activityCenter')}
        entries={[
          {
            key: 'events',
            label: t('market.activities.events'),
            hint: t('market.activities.eventsHint'),
            to: '/pages/game/huodong',
            testId: 'activity-events',
          },
          {
            key: 'guide',
            label: t('market.activities.guide'),
            hint: t('market.activities.guideHint'),
            to: '/pages/game/huodong1',
            testId: 'activity-guide',
          },
          {
            key: 'hall',
            label: t('market.activities.hall'),
            hint: t('market.activities.hallHint'),
            to: '/pages/game/index',
            testId: 'activity-hall',
          },
        ]}
      />
    </section>
  );
}
