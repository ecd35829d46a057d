/** What the proof shows, and what it cannot, in plain words. */
import { useTranslation } from 'react-i18next';

export function LiabilitiesExplainer() {
  const { t } = useTranslation();
  return (
    <section className="liabilities-card" data-testid="liabilities-explainer">
      <h2 className="liabilities-card__title">{t('liabilities.explainTitle')}</h2>
      <p className="page__intro">{t('liabilities.explainShows')}</p>
      <h3 className="liabilities-card__subtitle">{t('liabilities.explainCannotTitle')}</h3>
      <ul className="liabilities-list">
        <li>{t('liabilities.explainNeverChecks')}</li>
        <li>{t('liabilities.explainOutsideLedger')}</li>
        <li>{t('liabilities.explainAssets')}</li>
        <li>{t('liabilities.explainBetween')}</li>
      </ul>
    </section>
  );
}
