/** Last-resort boundary: an unexpected error while rendering a page. Reloading starts clean. */
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="load-error" role="alert">
      <h1 className="load-error__title">{t('common.somethingWrong')}</h1>
      <button type="button" className="primary-button" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}
