/**
 * The countdown in seconds: to the seal while a round is open, to the draw while it is sealed (nothing
 * to count once it is drawing). `data-seconds` carries the number for tests.
 */
import type { RoundStatus } from '@tradehall/domain';
import { useTranslation } from 'react-i18next';

export interface RoundCountdownProps {
  status: RoundStatus;
  seconds: number | null;
  testId?: string;
}

export function RoundCountdown({ status, seconds, testId = 'round-countdown' }: RoundCountdownProps) {
  const { t } = useTranslation();
  if (seconds === null) return null;
  return (
    <span className="round-countdown" data-testid={testId} data-seconds={seconds} aria-live="off">
      {status === 'open' ? t('trading.sealsIn', { seconds }) : t('trading.drawsIn', { seconds })}
    </span>
  );
}
