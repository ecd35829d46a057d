/**
 * The current round's commitment, shown while it is open: the hash its revealed hash must link to
 * (SHA-256 of the revealed hash equals it), so the chain part of the result is fixed before any position
 * is taken. Under scheme v2 it also names the beacon round the result will mix in: the first one emitted
 * after the seal, which nobody (the operator included) can know while positions are accepted.
 */
import type { RoundFairness } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { HashValue } from './hash-value.tsx';

export function RoundCommitment({
  commitment,
  fairness,
  testId = 'round-commitment',
}: {
  commitment: string;
  fairness?: RoundFairness;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="round-commitment">
      <dl className="hash-list">
        <HashValue
          label={t('trading.commitment')}
          value={commitment}
          copyLabel={t('trading.copyCommitment')}
          testId={testId}
        />
      </dl>
      <p className="field__hint">{t('trading.commitmentHint')}</p>
      {fairness ? <FairnessLine fairness={fairness} testId={`${testId}-scheme`} /> : null}
    </div>
  );
}

/** "result = chain hash + beacon round N (emitted after the seal)", or the v1 line; the local beacon says so. */
export function FairnessLine({ fairness, testId }: { fairness: RoundFairness; testId?: string }) {
  const { t } = useTranslation();
  if (fairness.scheme === 'v1' || fairness.beaconRound === null) {
    return (
      <p className="field__hint" data-testid={testId} data-scheme="v1">
        {t('trading.beacon.v1')}
      </p>
    );
  }
  return (
    <p className="field__hint" data-testid={testId} data-scheme="v2" data-beacon-round={fairness.beaconRound}>
      {t('trading.beacon.formula', { round: fairness.beaconRound })}{' '}
      <strong>{fairness.beacon === 'local' ? t('trading.beacon.local') : t('trading.beacon.drand')}</strong>
    </p>
  );
}
