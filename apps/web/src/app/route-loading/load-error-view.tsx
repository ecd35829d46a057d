/** A page that could not be loaded (timed out, or the chunk failed): say so and offer a retry. */
import { useTranslation } from 'react-i18next';
import { LoadTimeoutError } from '../../lib/timeout.ts';

export function LoadErrorView({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="load-error" role="alert" data-testid="load-error">
      <h1 className="load-error__title">{t('loadError.title')}</h1>
      <p className="load-error__text">
        {error instanceof LoadTimeoutError ? t('loadError.timeout') : t('loadError.failed')}
      </p>
      <button type="button" className="primary-button" onClick={onRetry} data-testid="load-retry">
        {t('common.retry')}
      </button>
    </div>
  );
}
