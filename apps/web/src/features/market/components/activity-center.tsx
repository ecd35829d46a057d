/** The activity center: the event overview, the investment explanation and the trading hall. */
import { useTranslation } from 'react-i18next';
import { MenuList } from '../../../components/ui/menu-list.tsx';
import { EVENTS_PATH, GUIDE_PATH, HALL_PATH } from '../../../lib/paths.ts';

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
            to: EVENTS_PATH,
            testId: 'activity-events',
          },
          {
            key: 'guide',
            label: t('market.activities.guide'),
            hint: t('market.activities.guideHint'),
            to: GUIDE_PATH,
            testId: 'activity-guide',
          },
          {
            key: 'hall',
            label: t('market.activities.hall'),
            hint: t('market.activities.hallHint'),
            to: HALL_PATH,
            testId: 'activity-hall',
          },
        ]}
      />
    </section>
  );
}
