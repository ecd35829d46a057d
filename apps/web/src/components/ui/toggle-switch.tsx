/**
 * An on/off setting: a real button with role="switch" named by its visible label (antd-mobile's Switch
 * names every switch the same), busy while its change is being saved.
 */
import { useId } from 'react';

export interface ToggleSwitchProps {
  label: string;
  hint?: string;
  checked: boolean;
  busy?: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}

export function ToggleSwitch({ label, hint, checked, busy = false, onChange, testId }: ToggleSwitchProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="toggle-row">
      <div className="toggle-row__text">
        <span id={labelId}>{label}</span>
        {hint ? (
          <span className="toggle-row__hint" id={hintId}>
            {hint}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        aria-busy={busy}
        disabled={busy}
        className={checked ? 'toggle-switch toggle-switch--on' : 'toggle-switch'}
        onClick={() => onChange(!checked)}
        data-testid={testId}
      >
        <span className="toggle-switch__knob" aria-hidden="true" />
      </button>
    </div>
  );
}
