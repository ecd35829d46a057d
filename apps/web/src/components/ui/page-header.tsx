/** The title bar of a page: an optional back arrow (one step back, or Home), the title, an optional action. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNav } from '../../lib/navigation.ts';

export interface PageHeaderProps {
  title: string;
  back?: boolean;
  right?: ReactNode;
}

export function PageHeader({ title, back = true, right }: PageHeaderProps) {
  const { t } = useTranslation();
  const nav = useNav();
  return (
    <header className="page-header">
      <div className="page-header__side">
        {back ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.back')}
            data-testid="page-back"
            onClick={() => nav.navigateBack()}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ) : null}
      </div>
      <h1 className="page-header__title">{title}</h1>
      <div className="page-header__side page-header__side--end">{right}</div>
    </header>
  );
}
