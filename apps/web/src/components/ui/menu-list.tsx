/** A list of menu entries: links to pages, or actions (buttons); each with an optional hint and testid. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type MenuEntry = {
  key: string;
  label: string;
  hint?: ReactNode;
  testId?: string;
  danger?: boolean;
} & ({ to: string; onSelect?: never } | { onSelect: () => void; to?: never });

const Chevron = () => (
  <svg className="menu-list__chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

export function MenuList({ entries, label }: { entries: MenuEntry[]; label?: string }) {
  return (
    <ul className="menu-list" aria-label={label}>
      {entries.map((entry) => {
        const className = entry.danger ? 'menu-list__item menu-list__item--danger' : 'menu-list__item';
        const content = (
          <>
            <span className="menu-list__label">{entry.label}</span>
            {entry.hint !== undefined ? <span className="menu-list__hint">{entry.hint}</span> : null}
            <Chevron />
          </>
        );
        return (
          <li key={entry.key}>
            {entry.to !== undefined ? (
              <Link className={className} to={entry.to} data-testid={entry.testId}>
                {content}
              </Link>
            ) : (
              <button type="button" className={className} onClick={entry.onSelect} data-testid={entry.testId}>
                {content}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
