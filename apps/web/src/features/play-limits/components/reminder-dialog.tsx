/** A reminder over the page that waits for an answer: a break's end, the reality check. */
import { type ReactNode, useId } from 'react';
import '../play-limits.css';

export interface ReminderAction {
  label: string;
  onSelect: () => void;
  testId: string;
  outline?: boolean;
}

export function ReminderDialog({
  title,
  testId,
  children,
  actions,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  actions: readonly ReminderAction[];
}) {
  const headingId = useId();
  return (
    <div className="reality-check" role="dialog" aria-modal="true" aria-labelledby={headingId}>
      <div className="reality-check__box" data-testid={testId}>
        <h2 id={headingId}>{title}</h2>
        {children}
        {actions.map((action) => (
          <button
            key={action.testId}
            type="button"
            className={action.outline ? 'primary-button primary-button--outline' : 'primary-button'}
            onClick={action.onSelect}
            data-testid={action.testId}
          >
            {action.label}
          </button>
        ))}
      </div>
    </div>
  );
}
