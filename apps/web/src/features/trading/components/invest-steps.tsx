/** How to invest, step by step: choose a room, a position, an amount; get paid at settlement. */
import { SPECIAL_NUMBER_MAX, SPECIAL_NUMBER_MIN } from '@tradehall/domain';
import { useTranslation } from 'react-i18next';

export function InvestSteps() {
  const { t } = useTranslation();
  return (
    <section className="rules-section" aria-labelledby="steps-title">
      <h2 className="section-title" id="steps-title">
        {t('trading.rules.stepsTitle')}
      </h2>
      <ol className="rules-steps">
        <li>{t('trading.rules.steps.hall')}</li>
        <li>{t('trading.rules.steps.bet', { min: SPECIAL_NUMBER_MIN, max: SPECIAL_NUMBER_MAX })}</li>
        <li>{t('trading.rules.steps.amount')}</li>
        <li>{t('trading.rules.steps.settle')}</li>
      </ol>
    </section>
  );
}
