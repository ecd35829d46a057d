/** A small "Copy" button for a value the user pastes elsewhere (an account number, an address). */
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard.ts';
import { showToast } from '../../lib/toast.ts';

export interface CopyButtonProps {
  text: string;
  /** What is copied, for screen readers ("Copy the account number"). */
  label: string;
  testId?: string;
}

export function CopyButton({ text, label, testId }: CopyButtonProps) {
  const { t } = useTranslation();
  const copy = () => {
    void copyText(text)
      .then((ok) => (ok ? showToast(t('common.copied'), 'success') : showToast(t('common.copyFailed'))))
      .catch(() => {});
  };
  return (
    <button
      type="button"
      className="text-button text-button--small"
      onClick={copy}
      aria-label={label}
      data-testid={testId}
    >
      {t('common.copy')}
    </button>
  );
}
