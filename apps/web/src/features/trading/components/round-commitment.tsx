/**
 * The current round's commitment, shown while it is open: the hash its revealed hash must link to
 * (SHA-256 of the revealed hash equals it), so the result is fixed before any position is taken.
 */
import { useTranslation } from 'react-i18next';
import { HashValue } from './hash-value.tsx';

export function RoundCommitment({
  commitment,
  testId = 'round-commitment',
}: {
  commitment: string;
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
    </div>
  );
}
