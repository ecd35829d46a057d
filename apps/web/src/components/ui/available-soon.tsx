/** The "available soon" state shown by pages that a later release builds. */
import { useTranslation } from 'react-i18next';

export function AvailableSoon() {
  const { t } = useTranslation();
  return (
    <section className="available-soon" data-testid="available-soon">
      <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M24 13v12l8 5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <h2 className="available-soon__title">{t('common.availableSoon')}</h2>
      <p className="available-soon__hint">{t('common.availableSoonHint')}</p>
    </section>
  );
}
