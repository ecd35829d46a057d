/** How a round goes (open, sealed, drawing, settled, or void) and what a result is. */
import { ROUND_STATUSES, SPECIAL_NUMBER_MAX, SPECIAL_NUMBER_MIN } from '@tradehall/domain';
import { useTranslation } from 'react-i18next';

export function RoundRules() {
  const { t } = useTranslation();
  return (
    <>
      <section className="rules-section" aria-labelledby="lifecycle-title">
        <h2 className="section-title" id="lifecycle-title">
          {t('trading.rules.lifecycleTitle')}
        </h2>
        <ol className="rules-steps" data-testid="round-lifecycle">
          {ROUND_STATUSES.map((status) => (
            <li key={status}>{t(`trading.rules.lifecycle.${status}`)}</li>
          ))}
        </ol>
      </section>
      <section className="rules-section" aria-labelledby="result-title">
        <h2 className="section-title" id="result-title">
          {t('trading.rules.resultTitle')}
        </h2>
        <p className="page__intro">
          {t('trading.rules.result', { min: SPECIAL_NUMBER_MIN, max: SPECIAL_NUMBER_MAX })}
        </p>
        <p className="page__intro">{t('trading.rules.noHidden')}</p>
      </section>
    </>
  );
}
