/**
 * A round's status as the spec words it: "wish you success" while open, "the disk has been sealed,
 * please wait for the result" while sealed, the drawing, then the settlement (or a void round's refund).
 * A live region, so the change is announced; `data-status` carries the raw status.
 */
import type { RoundStatus } from '@tradehall/domain';
import { useTranslation } from 'react-i18next';

export function RoundStatusBanner({
  status,
  testId = 'round-status',
}: {
  status: RoundStatus;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`round-status round-status--${status}`}
      role="status"
      data-testid={testId}
      data-status={status}
    >
      {status === 'drawing' ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
      <strong className="round-status__label">{t(`trading.status.${status}`)}</strong>
      <span className="round-status__message">{t(`trading.statusMessage.${status}`)}</span>
    </div>
  );
}
