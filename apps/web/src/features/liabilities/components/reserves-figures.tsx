/**
 * The operator's stated reserves beside total liabilities, with how far each kind of backing can be
 * trusted said in words: a signed message from a crypto address can be checked by anyone, a bank balance
 * is only attested, an operator's statement is only its word. Not part of the proof.
 */
import type { LiabilitiesOverview } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents, formatTime } from '../../../lib/format.ts';

export function ReservesFigures({ reserves }: { reserves: LiabilitiesOverview['reserves'] }) {
  const { t } = useTranslation();
  return (
    <section className="liabilities-card" data-testid="liabilities-reserves">
      <h2 className="liabilities-card__title">{t('liabilities.reserves')}</h2>
      {reserves === null ? (
        <p className="page__intro">{t('liabilities.reservesNone')}</p>
      ) : (
        <>
          <dl className="liabilities-figures">
            <dt>{t('liabilities.reservesAmount')}</dt>
            <dd>{formatCents(reserves.amount)}</dd>
            <dt>{t('liabilities.reservesStatedAt')}</dt>
            <dd>{formatTime(reserves.statedAt)}</dd>
          </dl>
          <p className="page__intro">{t(`liabilities.scope.${reserves.scope}`)}</p>
          <p className="liabilities-evidence">{reserves.evidence}</p>
        </>
      )}
    </section>
  );
}
