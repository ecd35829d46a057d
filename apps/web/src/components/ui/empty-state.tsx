/** A list with nothing in it yet: a short message and, optionally, what to do about it. */
import type { ReactNode } from 'react';

export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <rect
          x="8"
          y="12"
          width="32"
          height="26"
          rx="4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
        <path
          d="M8 20h32M18 28h12"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      <p className="empty-state__text">{message}</p>
      {action}
    </div>
  );
}
