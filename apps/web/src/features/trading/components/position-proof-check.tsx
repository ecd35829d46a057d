/**
 * On a settled position of the investment records: a green check once its inclusion proof verified in
 * this browser, a warning if it did not; nothing while it is being checked or for an open position.
 */
import type { PositionView } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { usePositionProofCheck } from '../api/position-proof.ts';

export function PositionProofCheck({ position }: { position: PositionView }) {
  const { t } = useTranslation();
  const settled = position.status === 'won' || position.status === 'lost';
  const check = usePositionProofCheck(position.id, settled);
  if (!settled || check.data === undefined) return null;
  return check.data ? (
    <span className="status-badge status-badge--success" data-testid="record-proof" data-verified="true">
      ✓ {t('positionProof.verified')}
    </span>
  ) : (
    <span className="status-badge status-badge--failure" data-testid="record-proof" data-verified="false">
      {t('positionProof.failed')}
    </span>
  );
}

/** What the check shows and what it cannot, in plain words. */
export function PositionProofExplainer() {
  const { t } = useTranslation();
  return (
    <details className="card" data-testid="position-proof-explainer">
      <summary>{t('positionProof.explainTitle')}</summary>
      <p className="field__hint">{t('positionProof.explainShows')}</p>
      <p className="field__hint">{t('positionProof.explainCannot')}</p>
    </details>
  );
}
