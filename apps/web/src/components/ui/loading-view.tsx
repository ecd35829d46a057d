/** A spinner with a text label; `overlay` covers the page while a route loads. CSS only, no UI kit. */
import { useTranslation } from 'react-i18next';

export function LoadingView({ overlay = false }: { overlay?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={overlay ? 'loading-view loading-view--overlay' : 'loading-view'} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-view__text">{t('common.loading')}</span>
    </div>
  );
}
