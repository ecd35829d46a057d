/** A room's terms: entry minimum, stake limits, round and sealed lengths, house edge. */
import type { RoomView } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { formatBps, formatCents } from '../../../lib/format.ts';

export function RoomFacts({ room }: { room: RoomView }) {
  const { t } = useTranslation();
  const facts = [
    {
      key: 'entry',
      label: t('trading.room.entryMinimum'),
      value: room.entryMinimum > 0 ? formatCents(room.entryMinimum) : t('trading.hall.noMinimum'),
    },
    {
      key: 'stake',
      label: t('trading.room.stakeLimits'),
      value: t('trading.room.stakeRange', {
        min: formatCents(room.stakeMinimum),
        max: formatCents(room.stakeMaximum),
      }),
    },
    {
      key: 'round',
      label: t('trading.room.roundLength'),
      value: t('trading.seconds', { value: room.roundSeconds }),
    },
    {
      key: 'sealed',
      label: t('trading.room.sealedLength'),
      value: t('trading.seconds', { value: room.sealedSeconds }),
    },
    { key: 'edge', label: t('trading.room.houseEdge'), value: formatBps(room.houseEdgeBps) },
  ];
  return (
    <dl className="facts" aria-label={t('trading.room.details')}>
      {facts.map((fact) => (
        <div key={fact.key} className="facts__row">
          <dt>{fact.label}</dt>
          <dd data-testid={`room-${fact.key}`}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
