/**
 * Stand-in while a page's data loads: a quiet skeleton block, not a spinner, so a fast answer does not
 * flash anything. (The spinner is the route loading view, reserved for slow page loads.)
 */
import { useTranslation } from 'react-i18next';

export function DataPlaceholder({ lines = 3 }: { lines?: number }) {
  const { t } = useTranslation();
  return (
    <div className="data-placeholder" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: lines }, (_, index) => `line-${index}`).map((key) => (
        <span key={key} className="data-placeholder__line" />
      ))}
    </div>
  );
}
