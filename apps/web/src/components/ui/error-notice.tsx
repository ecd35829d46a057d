/** Data that could not be loaded: the (translated) reason and a retry button. */
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/toast.ts';

export interface ErrorNoticeProps {
  error: unknown;
  onRetry: () => void;
  testId?: string;
}

export function ErrorNotice({ error, onRetry, testId = 'load-failed' }: ErrorNoticeProps) {
  const { t } = useTranslation();
  return (
    <div className="notice" role="alert" data-testid={testId}>
      <p>{t('common.loadFailed')}</p>
      <p className="notice__detail">{errorMessage(error)}</p>
      <button type="button" className="text-button" onClick={onRetry} data-testid={`${testId}-retry`}>
        {t('common.retry')}
      </button>
    </div>
  );
}
