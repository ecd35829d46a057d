/**
 * The positions root of a sealed round, in short form with a copy button for the whole value: committed
 * when the round sealed, before its result existed. Seeing it keeps it on this device.
 */
import type { RoundPositions } from '@tradehall/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { keepSealedRoot } from '../sealed-roots.ts';

export function SealedRoot({
  roundId,
  positions,
  testId = 'round-positions-root',
}: {
  roundId: string;
  positions: RoundPositions;
  testId?: string;
}) {
  const { t } = useTranslation();
  useEffect(() => keepSealedRoot(roundId, positions.root), [roundId, positions.root]);
  const short = `${positions.root.slice(0, 8)}…${positions.root.slice(-6)}`;
  return (
    <div className="round-commitment">
      <dl className="hash-list">
        <div className="hash-value">
          <dt className="hash-value__label">{t('positionProof.root')}</dt>
          <dd className="hash-value__row">
            <code className="mono" title={positions.root} data-testid={testId} data-root={positions.root}>
              {short}
            </code>
            <CopyButton text={positions.root} label={t('positionProof.copyRoot')} />
          </dd>
        </div>
      </dl>
      <p className="field__hint">{t('positionProof.rootHint', { count: positions.leafCount })}</p>
    </div>
  );
}
