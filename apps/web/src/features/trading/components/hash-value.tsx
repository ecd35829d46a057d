/**
 * One entry of a description list: a hash shown in full (monospace, wrapping anywhere) with a copy
 * button, or a note while it is not revealed yet.
 */
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

export interface HashValueProps {
  label: string;
  value: string | null;
  /** What the copy button copies, for screen readers. Without it there is no copy button. */
  copyLabel?: string;
  testId?: string;
}

export function HashValue({ label, value, copyLabel, testId }: HashValueProps) {
  const { t } = useTranslation();
  return (
    <div className="hash-value">
      <dt className="hash-value__label">{label}</dt>
      <dd className="hash-value__row">
        {value ? (
          <>
            <code className="mono break-all" data-testid={testId}>
              {value}
            </code>
            {copyLabel ? <CopyButton text={value} label={copyLabel} /> : null}
          </>
        ) : (
          <span className="hash-value__pending" data-testid={testId}>
            {t('trading.notRevealed')}
          </span>
        )}
      </dd>
    </div>
  );
}
